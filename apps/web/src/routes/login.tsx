import { useParams } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { SignInPage } from './guards';

/** /login and /login/{token}; once signed in, on to `next`. */
export function LoginRoute() {
  const { token } = useParams();
  return (
    <SignInPage>
      <LoginForm token={token} />
    </SignInPage>
  );
}
