import { PageNotFound } from '../components/page-not-found';
import { RegistrationForm } from '../features/registration/components/registration-form';
import { useSession } from '../lib/session';

/** /user-registration: logged out only; signed in, it is no screen of the console (the fallback shows). */
export function UserRegistrationRoute() {
  const { user } = useSession();
  return user ? <PageNotFound /> : <RegistrationForm />;
}
