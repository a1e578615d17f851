import { Button, Select } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

interface FilterSelectProps<V extends string> {
  /** The select's accessible name ("Status"). */
  label: string;
  width: number;
  /** The chosen value, or null for any. */
  value: V | null;
  onChange: (value: V | null) => void;
  /** What shows when nothing is chosen ("Any status"). */
  placeholder: string;
  options: { value: V; label: string }[];
}

/** A grid filter that picks one value or, cleared, any. */
export function FilterSelect<V extends string>({ label, width, value, onChange, placeholder, options }: FilterSelectProps<V>) {
  return (
    <Select<V | null>
      aria-label={label}
      style={{ width }}
      value={value}
      onChange={(v) => onChange(v ?? null)}
      allowClear
      placeholder={placeholder}
      options={options}
    />
  );
}

/** Loads a grid's page again; it spins while `refreshing`. */
export function RefreshButton({ refreshing, onRefresh }: { refreshing: boolean; onRefresh: () => Promise<unknown> }) {
  return (
    <Button icon={<ReloadOutlined />} loading={refreshing} onClick={() => void onRefresh()}>
      Refresh
    </Button>
  );
}
