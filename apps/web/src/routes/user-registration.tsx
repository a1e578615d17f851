import { RegistrationForm } from '../features/registration/components/registration-form';
import { LoggedOutOnly } from './guards';

/** /user-registration (logged out only). */
export function UserRegistrationRoute() {
  return (
    <LoggedOutOnly>
      <RegistrationForm />
    </LoggedOutOnly>
  );
}
