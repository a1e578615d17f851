import { Result } from 'antd';
import { Link } from 'react-router';

/** /register-syrx-controller while logged out: the user must sign in first, then comes back here. */
export function SignInRequired() {
  return (
    <Result
      status="info"
      title="Register your Syrx controller"
      subTitle="You must be logged in to register a Syrx controller."
      extra={<Link to="/login?next=register-syrx-controller">Log in to register your controller</Link>}
    />
  );
}
