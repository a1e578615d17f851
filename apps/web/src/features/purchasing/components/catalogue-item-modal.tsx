import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { type NodeCategory, purchasingMessages } from '@syrx/contracts/purchasing';
import { ApiError } from '../../../lib/api-client';
import { type CatalogueInput, type CatalogueKind, useSaveCatalogueItem } from '../api/catalogue-admin';

/** An item of any of the three lists, as the modal edits it. */
export interface EditableItem {
  id: number;
  name: string;
  price?: number;
  number_of_nodes?: number;
  syrx_controller_node_category_id?: number;
  sort_order: number;
}

interface Values {
  name: string;
  price: number | null;
  number_of_nodes: number | null;
  syrx_controller_node_category_id: number | undefined;
  sort_order: number | null;
}

export const kindLabels: Record<CatalogueKind, string> = { sizes: 'controller size', categories: 'node category', nodeTypes: 'node type' };

const centsRule = { validator: (_r: unknown, v: unknown) => (typeof v !== 'number' || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 ? Promise.resolve() : Promise.reject(new Error(purchasingMessages.priceCents))) };

function toBody(kind: CatalogueKind, v: Values): CatalogueInput {
  const common = { name: v.name.trim(), sort_order: v.sort_order ?? 0 };
  switch (kind) {
    case 'sizes':
      return { ...common, price: v.price ?? 0, number_of_nodes: v.number_of_nodes ?? 0 };
    case 'categories':
      return common;
    case 'nodeTypes':
      return { ...common, price: v.price ?? 0, syrx_controller_node_category_id: v.syrx_controller_node_category_id ?? 0 };
  }
}

/** Adds (`item` null) or edits one catalogue item; the server's refusals show under their fields. */
export function CatalogueItemModal({ kind, item, categories, onClose }: { kind: CatalogueKind; item: EditableItem | null; categories: NodeCategory[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCatalogueItem(kind);
  const initial: Values = {
    name: item?.name ?? '', price: item?.price ?? null, number_of_nodes: item?.number_of_nodes ?? null,
    syrx_controller_node_category_id: item?.syrx_controller_node_category_id ?? categories[0]?.id, sort_order: item?.sort_order ?? 0,
  };
  const onFinish = (values: Values) =>
    save.mutate({ id: item?.id ?? null, body: toBody(kind, values) }, {
      onSuccess: onClose,
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
        if (fields.length > 0) form.setFields(fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
        else form.setFields([{ name: 'name', errors: [error.message] }]);
      },
    });
  const label = kindLabels[kind];
  return (
    <Modal open title={`${item ? 'Edit' : 'Add'} ${label}`} okText="Save" onOk={() => form.submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" name={`catalogue-${kind}`} initialValues={initial} onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: purchasingMessages.name }, { max: 200, message: purchasingMessages.nameLength }]}>
          <Input autoComplete="off" />
        </Form.Item>
        {kind === 'nodeTypes' && (
          <Form.Item label="Category" name="syrx_controller_node_category_id" rules={[{ required: true, message: purchasingMessages.category }]}>
            <Select<number> options={categories.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        )}
        {kind !== 'categories' && (
          <Form.Item label="Price (USD)" name="price" rules={[{ required: true, message: purchasingMessages.price }, { type: 'number', min: 0, message: purchasingMessages.price }, centsRule]}>
            <InputNumber<number> step={0.01} prefix="$" style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'sizes' && (
          <Form.Item label="Number of nodes" name="number_of_nodes" rules={[{ required: true, message: purchasingMessages.numberOfNodes }, { type: 'integer', min: 0, max: 10_000, message: purchasingMessages.numberOfNodes }]}>
            <InputNumber<number> step={1} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item label="Order" name="sort_order" tooltip="Lower numbers come first." rules={[{ type: 'integer', message: purchasingMessages.sortOrder }]}>
          <InputNumber<number> step={10} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
