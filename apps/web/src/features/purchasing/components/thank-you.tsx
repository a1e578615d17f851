import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { formatUsd, type PurchaseOrder, redirectAfterPaymentMs, toCents } from '@syrx/contracts/purchasing';

/** Spec 02 sections 2 and 4: the thank-you message of a succeeded payment, then /projects after 5 seconds. */
export function ThankYou({ order }: { order: PurchaseOrder }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/projects'), redirectAfterPaymentMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status">
      <Result
        status="success"
        title="Thank you for your order!"
        subTitle={`Your payment of ${formatUsd(toCents(order.total))} for order ${order.id} was received. You will be taken to your projects in ${redirectAfterPaymentMs / 1000} seconds.`}
        extra={<Button onClick={() => void navigate('/projects')}>Go to projects now</Button>}
      />
    </div>
  );
}
