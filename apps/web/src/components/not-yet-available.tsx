import { Result } from 'antd';
import { Link } from 'react-router';

/** The one page shown for every screen that is planned but not built yet, naming that screen. */
export function NotYetAvailable({ screen }: { screen: string }) {
  return (
    <Result
      status="info"
      title="This screen is not yet available"
      subTitle={`${screen} is not part of this version of Syrx Console yet.`}
      extra={<Link to="/home">Back to Home</Link>}
    />
  );
}
