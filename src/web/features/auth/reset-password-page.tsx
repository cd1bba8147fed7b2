import { ComingSoon } from '../../components/coming-soon';

/** Placeholder: the password-reset issue builds this page (DESIGN decision 5). */
export function ResetPasswordPage() {
  return <ComingSoon title="Reset Password" />;
}
