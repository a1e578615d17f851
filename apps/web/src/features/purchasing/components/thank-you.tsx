import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { formatUsd, orderProjectName, type PurchaseOrder, redirectAfterPaymentMs, toCents } from '@syrx/contracts/purchasing';

/**
 * Spec 02 sections 2 and 4: the thank-you message of a succeeded payment, then /projects after 5 seconds. The paid
 * order is a project of its group by then (made with the payment): the message names it, so the list it leads to
 * holds what it announces.
 */
export function ThankYou({ order }: { order: PurchaseOrder }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/projects'), redirectAfterPaymentMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  const paid = `Your payment of ${formatUsd(toCents(order.total))} for order ${order.id} was received.`;
  const seconds = redirectAfterPaymentMs / 1000;
  const next = order.project_id === null
    ? `You will be taken to your projects in ${seconds} seconds.`
    : `It is in your projects as the project "${orderProjectName(order.id)}"; you will be taken there in ${seconds} seconds.`;
  return (
    <div role="status">
      <Result
        status="success"
        title="Thank you for your order!"
        subTitle={`${paid} ${next}`}
        extra={[
          <Button key="projects" onClick={() => void navigate('/projects')}>Go to projects now</Button>,
          ...(order.project_id === null ? [] : [<Button key="edit" onClick={() => void navigate(`/project/editor/${order.project_id}`)}>Edit the project</Button>]),
        ]}
      />
    </div>
  );
}
