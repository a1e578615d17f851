import { useParams } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';

/** /login and /login/{token}. */
export function LoginRoute() {
  const { token } = useParams();
  return <LoginForm token={token} />;
}
