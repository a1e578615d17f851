import { Table, Typography } from 'antd';
import { accountUnits, type Normalization } from '@syrx/contracts/accounts';
import type { HistoryKind } from '../api/accounts';
import { formatDay, formatPrice, formatSize } from '../utils/account-format';

const labels: Record<HistoryKind, { value: string; table: string; format: (v: number) => string }> = {
  size: { value: `Size (${accountUnits.size})`, table: 'Building size entries', format: formatSize },
  price: { value: `Cost (${accountUnits.price})`, table: 'Utility cost entries', format: formatPrice },
};

/** The value the account was created with, then its entries by effective date (as the server sorts them). */
export function HistoryTable({ kind, initial, entries }: { kind: HistoryKind; initial: number; entries: readonly Normalization[] }) {
  const l = labels[kind];
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        At creation: {l.format(initial)}
      </Typography.Paragraph>
      <Table<Normalization>
        aria-label={l.table}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...entries]}
        locale={{ emptyText: 'No entries yet' }}
        columns={[
          { key: 'effective_date', title: 'Effective date', dataIndex: 'effective_date', render: (d: string) => formatDay(d), width: 140 },
          { key: 'value', title: l.value, dataIndex: 'value', render: (v: number) => l.format(v), width: 160 },
          { key: 'note', title: 'Note', dataIndex: 'note', render: (n: string | null) => n ?? '' },
        ]}
      />
    </>
  );
}
