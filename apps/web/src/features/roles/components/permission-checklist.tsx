import { Checkbox, Flex, Typography } from 'antd';
import { PermissionName } from '../../../components/permission-name';
import { inCatalogueOrder, permissionCategories } from '../utils/permission-categories';

interface PermissionChecklistProps {
  value?: string[];
  onChange?: (permissions: string[]) => void;
  disabled?: boolean;
}

/** A role's permissions as checkboxes grouped by category (Admin, Report data, Commissioning, Reporting), by name. */
export function PermissionChecklist({ value = [], onChange, disabled }: PermissionChecklistProps) {
  return (
    <Flex vertical gap={12}>
      {permissionCategories.map((category) => {
        const own = new Set<string>(category.permissions);
        const held = value.filter((p) => own.has(p));
        return (
          <fieldset key={category.key} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px 12px' }}>
            <legend style={{ width: 'auto', padding: '0 8px', marginBottom: 0, fontSize: 14 }}>{category.label}</legend>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {held.length} of {category.permissions.length} selected
            </Typography.Text>
            <Checkbox.Group
              disabled={disabled}
              value={held}
              options={category.permissions.map((p) => ({ label: <PermissionName permission={p} />, value: p }))}
              onChange={(next) => onChange?.(inCatalogueOrder([...value.filter((p) => !own.has(p)), ...next]))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', rowGap: 4 }}
            />
          </fieldset>
        );
      })}
    </Flex>
  );
}
