import { Alert, Card, Spin, Typography } from 'antd';
import { formatUsd, type PurchaseOrder, toCents } from '@syrx/contracts/purchasing';
import { usePaymentSetup } from '../hooks/use-payment-mode';
import { StripeCardForm } from './stripe-card-form';
import { TestCardForm } from './test-card-form';

/** Paying a confirmed order by card: Stripe Elements in Stripe mode, our own test card field in test mode. */
export function PaymentPanel({ order, onOrder }: { order: PurchaseOrder; onOrder: (order: PurchaseOrder) => void }) {
  const { setup, error } = usePaymentSetup();
  let body;
  if (error) body = <Alert type="error" showIcon title="The payment could not be prepared" description={error.message} />;
  else if (!setup) body = <Spin aria-label="Preparing the payment" />;
  else if (setup.mode === 'stripe') body = <StripeCardForm publishableKey={setup.publishableKey} order={order} onOrder={onOrder} />;
  else body = <TestCardForm order={order} onOrder={onOrder} />;
  return (
    <Card title={`Payment for order ${order.id}`} style={{ maxWidth: 640 }}>
      <Typography.Paragraph>
        Amount due: <Typography.Text strong>{formatUsd(toCents(order.total))}</Typography.Text>
      </Typography.Paragraph>
      {order.payment_intent_status === 'processing' && (
        <Alert type="info" showIcon title="Your payment is being processed. You can leave this page; the order is updated when it completes." style={{ marginBottom: 12 }} />
      )}
      {body}
    </Card>
  );
}
