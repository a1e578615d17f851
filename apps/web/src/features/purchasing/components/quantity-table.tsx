import { Form, InputNumber, Table, Typography } from 'antd';
import { formatUsd, toCents } from '@syrx/contracts/purchasing';
import { quantityRules } from '../utils/wizard';

export interface QuantityItem {
  id: number;
  name: string;
  /** US dollars. */
  price: number;
  /** Node slots of a controller size; absent for node types. */
  nodes?: number;
  field: string[];
}

/** One wizard page's items, each with its price and a quantity field (spec 02 section 5: numeric, min 0, required). */
export function QuantityTable({ items, itemLabel, caption }: { items: QuantityItem[]; itemLabel: string; caption: string }) {
  const showNodes = items.some((i) => i.nodes !== undefined);
  return (
    <Table<QuantityItem>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={items}
      aria-label={caption}
      locale={{ emptyText: 'Nothing to choose here yet.' }}
      columns={[
        { title: itemLabel, dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
        ...(showNodes ? [{ title: 'Nodes', dataIndex: 'nodes', align: 'right' as const, width: 100 }] : []),
        { title: 'Price', dataIndex: 'price', align: 'right', width: 140, render: (price: number) => formatUsd(toCents(price)) },
        {
          title: 'Quantity',
          key: 'quantity',
          width: 190,
          render: (_v, item) => (
            <Form.Item name={item.field} rules={quantityRules} style={{ margin: 0 }}>
              <InputNumber<number> step={1} aria-label={`Quantity of ${item.name}`} style={{ width: 140 }} />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
