import { Result } from 'antd';
import { Link, useLocation } from 'react-router';

/** The fallback for a path that is no screen of the console. */
export function PageNotFound() {
  const { pathname } = useLocation();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle={`There is no page at ${pathname}.`}
      extra={<Link to="/home">Back to Home</Link>}
    />
  );
}
