import { Alert, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { devicePaths } from '../utils/device-paths';

/** Shown while a device loads. */
export const DeviceLoading = () => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin aria-label="Loading the BACnet device" />
  </div>
);

/** A device that could not be loaded: missing (404) or the server's message. */
export function DeviceLoadFailed({ controllerId, error }: { controllerId: string; error: Error }) {
  if (error instanceof ApiError && error.status === 404) {
    return <Result status="404" title="BACnet device not found" subTitle={error.message} extra={<Link to={devicePaths(controllerId).list}>Back to the devices</Link>} />;
  }
  return <Alert type="error" showIcon role="alert" title="The BACnet device could not be loaded" description={error.message} />;
}
