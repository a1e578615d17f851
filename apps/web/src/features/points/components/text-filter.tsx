import { Button, Flex, Input } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';

/** A column's "contains" filter: type, then Search (or Enter); Reset clears it. */
export function TextFilter({ title, setSelectedKeys, selectedKeys, confirm, clearFilters }: FilterDropdownProps & { title: string }) {
  return (
    <Flex vertical gap={8} style={{ padding: 8, width: 220 }} onKeyDown={(e) => e.stopPropagation()}>
      <Input
        aria-label={`Filter ${title}`}
        placeholder={`${title} contains`}
        value={String(selectedKeys[0] ?? '')}
        onChange={(e) => setSelectedKeys(e.target.value === '' ? [] : [e.target.value])}
        onPressEnter={() => confirm()}
      />
      <Flex gap={8} justify="end">
        <Button
          size="small"
          onClick={() => {
            clearFilters?.();
            confirm();
          }}
        >
          Reset
        </Button>
        <Button size="small" type="primary" onClick={() => confirm()}>
          Search
        </Button>
      </Flex>
    </Flex>
  );
}
