import { Typography } from 'antd';

/** The provider's message, right under the card field (spec 02 section 8: card payment error). */
export function CardError({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-label="Card error" style={{ minHeight: 22, marginTop: 6 }}>
      {message && <Typography.Text type="danger">{message}</Typography.Text>}
    </div>
  );
}
