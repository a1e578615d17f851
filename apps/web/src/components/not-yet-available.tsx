import { Result, Space } from 'antd';
import { Link } from 'react-router';

/**
 * The one page shown for every screen that is planned but not built yet, naming that screen; `elsewhere` is where it
 * lives meanwhile (the legacy application), when it is deployed.
 */
export function NotYetAvailable({ screen, elsewhere }: { screen: string; elsewhere?: string | undefined }) {
  return (
    <Result
      status="info"
      title="This screen is not yet available"
      subTitle={`${screen} is not part of this version of Syrx Console yet.`}
      extra={
        <Space size="large">
          {elsewhere && <a href={elsewhere}>Open {screen} in the legacy application</a>}
          <Link to="/home">Back to Home</Link>
        </Space>
      }
    />
  );
}
