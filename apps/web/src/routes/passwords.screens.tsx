import { useParams } from 'react-router';
import { ChoosePasswordPage } from '../features/passwords/components/choose-password-page';

export { ChangePasswordScreen } from '../features/passwords/components/change-password-screen';
export { ForgotPasswordForm } from '../features/passwords/components/forgot-password-form';

/** /set-password/{token}: the invitation's link. */
export function SetPasswordRoute() {
  return <ChoosePasswordPage key="invitation" token={useParams().token ?? ''} purpose="invitation" />;
}

/** /reset-password/{token}: the link of a forgotten password. */
export function ResetPasswordRoute() {
  return <ChoosePasswordPage key="reset" token={useParams().token ?? ''} purpose="reset" />;
}
