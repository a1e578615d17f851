import { Select } from 'antd';
import type { NamedRef } from '@syrx/contracts/users';

interface RoleSelectProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  options: readonly NamedRef[] | undefined;
  label: string;
  disabled?: boolean;
}

/** Several roles (or group roles) by name, from the editor's options. */
export function RoleSelect({ value, onChange, options, label, disabled = false }: RoleSelectProps) {
  return (
    <Select<number[]>
      aria-label={label}
      mode="multiple"
      allowClear
      placeholder={`No ${label.toLowerCase()}`}
      loading={options === undefined}
      disabled={disabled}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      optionFilterProp="label"
      options={(options ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}
