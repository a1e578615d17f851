import { Alert, Descriptions, Table, Typography } from 'antd';
import { formatUsd, nodeCountWarning } from '@syrx/contracts/purchasing';
import type { Summary, SummaryLine } from '../utils/wizard';

/**
 * The cost summary (spec 02 sections 2, 8, 9): the chosen items in USD with 2 decimals, the total, and the node count
 * with its warning when the controllers' node slots and the nodes differ.
 */
export function CostSummary({ summary }: { summary: Summary }) {
  const warning = nodeCountWarning(summary.count);
  return (
    <>
      <Table<SummaryLine>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={summary.lines}
        aria-label="Cost summary"
        locale={{ emptyText: 'Nothing is chosen yet: go back and enter the quantities.' }}
        columns={[
          { title: 'Item', dataIndex: 'name' },
          { title: 'Unit price', dataIndex: 'unitPriceCents', align: 'right', render: (c: number) => formatUsd(c) },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
          { title: 'Amount', dataIndex: 'amountCents', align: 'right', render: (c: number) => formatUsd(c) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>Total</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong aria-label="Total">{formatUsd(summary.totalCents)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Descriptions
        size="small"
        column={2}
        style={{ marginTop: 16, maxWidth: 560 }}
        items={[
          { key: 'slots', label: 'Controller node slots', children: summary.count.controllerNodes },
          { key: 'nodes', label: 'Nodes', children: summary.count.nodes },
        ]}
      />
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginTop: 8, maxWidth: 720 }} />}
    </>
  );
}
