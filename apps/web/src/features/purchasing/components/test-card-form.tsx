import { type FormEvent, useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { formatUsd, type PurchaseOrder, testCards, toCents } from '@syrx/contracts/purchasing';
import { confirmTestPayment } from '../api/orders';
import { useCardPayment } from '../hooks/use-card-payment';
import { expiryIncomplete, formatCardNumber, formatExpiry, parseExpiry } from '../utils/card-input';
import { CardError } from './card-error';

const numberIncomplete = 'Your card number is incomplete.';

/**
 * The card field of the offline test mode: our own number, expiry and CVC inputs, confirmed by the server's test
 * payment intents (the stand-in for Stripe.js's confirmCardPayment). Nothing is charged.
 */
export function TestCardForm({ order, onOrder }: { order: PurchaseOrder; onOrder: (order: PurchaseOrder) => void }) {
  const { processing, cardError, setCardError, pay } = useCardPayment(order, onOrder);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const intentId = order.payment_intent_id;
    if (!intentId) return;
    if (number.trim() === '') return setCardError(numberIncomplete);
    const exp = parseExpiry(expiry);
    if (!exp) return setCardError(expiryIncomplete);
    void pay(async (clientSecret) => {
      const result = await confirmTestPayment(intentId, { client_secret: clientSecret, card: { number, ...exp, cvc } });
      return { error: result.error?.message ?? null, status: result.payment_intent.status };
    });
  };

  return (
    <form aria-label="Card payment" onSubmit={submit} style={{ maxWidth: 560 }}>
      <Alert
        type="warning"
        showIcon
        title="Test mode — no real charge"
        description={
          <>
            Pay with <Typography.Text code>{testCards.succeeds}</Typography.Text>; <Typography.Text code>{testCards.declined}</Typography.Text> is declined and{' '}
            <Typography.Text code>{testCards.insufficientFunds}</Typography.Text> has insufficient funds. Use any future expiry date and any CVC.
          </>
        }
        style={{ marginBottom: 12 }}
      />
      <fieldset aria-label="Card" disabled={processing} style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 12, margin: 0 }}>
        <Flex gap={8} wrap>
          <label style={{ flex: '3 1 220px' }}>
            <Typography.Text type="secondary">Card number</Typography.Text>
            <Input value={number} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" onChange={(e) => setNumber(formatCardNumber(e.target.value))} />
          </label>
          <label style={{ flex: '1 1 110px' }}>
            <Typography.Text type="secondary">Expiry (MM / YY)</Typography.Text>
            <Input value={expiry} inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" onChange={(e) => setExpiry(formatExpiry(e.target.value))} />
          </label>
          <label style={{ flex: '1 1 80px' }}>
            <Typography.Text type="secondary">CVC</Typography.Text>
            <Input value={cvc} inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))} />
          </label>
        </Flex>
      </fieldset>
      <CardError message={cardError} />
      <Button type="primary" htmlType="submit" loading={processing} style={{ marginTop: 8 }}>
        Pay {formatUsd(toCents(order.total))}
      </Button>
    </form>
  );
}
