import { RegisterControllerForm } from '../features/controller-registration/components/register-controller-form';
import { SignInRequired } from '../features/controller-registration/components/sign-in-required';
import { useSession } from '../lib/session';

/** /register-syrx-controller: the registration form, or (logged out) the way to sign in first. */
export function RegisterSyrxControllerRoute() {
  const { user } = useSession();
  if (!user) return <SignInRequired />;
  return <RegisterControllerForm groupName={user.commissioning_group?.name} />;
}
