import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Space, Spin, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import type { SessionUser } from '@syrx/contracts/auth';
import { formatUsd, nodeCountWarning, type PurchaseOrder } from '@syrx/contracts/purchasing';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { type Catalogue, useCatalogue } from '../api/catalogue';
import { useInitiatePurchase } from '../api/orders';
import {
  initialQuantities, movedBy, nodeTypeField, type Quantities, sizeField, summarize, toInitiate, type WizardPage, wizardPages,
} from '../utils/wizard';
import { catalogueManagePermission } from './catalogue-screen';
import { CostSummary } from './cost-summary';
import { PaymentPanel } from './payment-panel';
import { QuantityTable } from './quantity-table';
import { ThankYou } from './thank-you';

/** The quantity fields of one page (none on the cost summary). */
function pageFields(c: Catalogue, page: WizardPage): string[][] {
  switch (page.kind) {
    case 'sizes':
      return c.sizes.map(sizeField);
    case 'category':
      return c.nodeTypes.filter((n) => n.syrx_controller_node_category_id === page.category.id).map(nodeTypeField);
    case 'summary':
      return [];
  }
}

function PageBody({ c, page }: { c: Catalogue; page: WizardPage }) {
  switch (page.kind) {
    case 'sizes':
      return (
        <QuantityTable
          caption="Syrx controller sizes"
          itemLabel="Controller"
          items={c.sizes.map((s) => ({ id: s.id, name: s.name, price: s.price, nodes: s.number_of_nodes, field: sizeField(s) }))}
        />
      );
    case 'category':
      return (
        <QuantityTable
          caption={`${page.category.name} node types`}
          itemLabel="Node type"
          items={c.nodeTypes.filter((n) => n.syrx_controller_node_category_id === page.category.id).map((n) => ({ id: n.id, name: n.name, price: n.price, field: nodeTypeField(n) }))}
        />
      );
    case 'summary':
      return null;
  }
}

function confirmFailure(error: Error): string {
  if (error instanceof ApiError && error.body.fields?.length) return `${error.message} ${error.body.fields.map((f) => f.message).join('. ')}.`;
  return error.message;
}

/**
 * The purchasing wizard (spec 02 sections 2 and 4): the controller sizes, one page per node category, then the cost
 * summary, moving by an offset (Back −1, Next +1, or a step). Every page stays mounted (the others hidden) so the
 * whole order is validated before the summary. Confirming creates the order; the card then pays it.
 */
function Wizard({ c, user, groupId }: { c: Catalogue; user: SessionUser; groupId: number }) {
  const [form] = Form.useForm<Quantities>();
  const pages = useMemo(() => wizardPages(c.categories), [c.categories]);
  const [current, setCurrent] = useState(0);
  const [order, setOrder] = useState<PurchaseOrder | null>(null);
  const initiate = useInitiatePurchase();
  const values = Form.useWatch((all: Quantities) => all, { form, preserve: true });
  const summary = summarize(c, values);
  const page = pages[current] ?? pages[0];

  /** Moves by `offset`; going forward first checks the quantities of each page passed (and stops at the first wrong one). */
  async function go(offset: number): Promise<void> {
    const target = movedBy(current, offset, pages.length);
    for (let p = current; p < target; p++) {
      const passed = pages[p];
      if (!passed) continue;
      try {
        await form.validateFields(pageFields(c, passed));
      } catch {
        setCurrent(p);
        return;
      }
    }
    setCurrent(target);
  }

  const confirm = () => initiate.mutate(toInitiate(c, form.getFieldsValue(true) as Quantities, groupId, user.id), { onSuccess: setOrder });

  if (order?.payment_intent_status === 'succeeded') return <ThankYou order={order} />;

  const onSummary = page?.kind === 'summary';
  return (
    <Flex vertical gap={16}>
      <Steps current={current} size="small" onChange={(step) => void go(step - current)} items={pages.map((p) => ({ title: p.title, disabled: order !== null }))} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {page?.title}
      </Typography.Title>
      <Form<Quantities> form={form} name="purchase" initialValues={initialQuantities(c)} disabled={order !== null}>
        {pages.map((p, i) => (
          <div key={`${p.kind}-${p.kind === 'category' ? p.category.id : ''}`} hidden={i !== current}>
            <PageBody c={c} page={p} />
          </div>
        ))}
      </Form>
      {onSummary && <CostSummary summary={summary} />}
      {!onSummary && (
        <Typography.Text type="secondary" aria-label="Running total">
          Total so far: {formatUsd(summary.totalCents)} · controller node slots {summary.count.controllerNodes} · nodes {summary.count.nodes}
          {nodeCountWarning(summary.count) ? '' : ' (balanced)'}
        </Typography.Text>
      )}
      {initiate.isError && <Alert type="error" showIcon role="alert" title="The order could not be placed" description={confirmFailure(initiate.error)} />}
      <Space>
        <Button onClick={() => void go(-1)} disabled={current === 0 || order !== null}>
          Back
        </Button>
        {!onSummary && (
          <Button type="primary" onClick={() => void go(1)}>
            Next
          </Button>
        )}
        {onSummary && !order && (
          <Button type="primary" loading={initiate.isPending} disabled={summary.lines.length === 0} onClick={confirm}>
            Confirm order
          </Button>
        )}
        {onSummary && order && <Button onClick={() => setOrder(null)}>Change order</Button>}
      </Space>
      {onSummary && order && <PaymentPanel key={order.id} order={order} onOrder={setOrder} />}
    </Flex>
  );
}

/** /purchasing: buying Syrx controllers and nodes for the current group, paid by card. */
export function PurchasingScreen() {
  const user = useCurrentUser();
  const group = user.commissioning_group;
  const catalogue = useCatalogue();

  let body;
  if (!group) body = <Alert type="info" showIcon title="Choose a current group to purchase for." />;
  else if (catalogue.error) body = <Alert type="error" showIcon role="alert" title="The catalogue could not be loaded" description={catalogue.error.message} />;
  else if (!catalogue.data) body = <Spin aria-label="Loading the catalogue" style={{ padding: 48 }} />;
  else body = <Wizard c={catalogue.data} user={user} groupId={group.id} />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Purchasing
          </Typography.Title>
          {group && <Typography.Text type="secondary">Syrx controllers and nodes for {group.name}</Typography.Text>}
        </div>
        {user.permissions.includes(catalogueManagePermission) && <Link to="/admin/syrx-catalogue">Edit the catalogue</Link>}
      </Flex>
      {body}
    </Flex>
  );
}
