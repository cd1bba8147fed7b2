import { ComingSoon } from '../../components/coming-soon';

/** Placeholder: the password-reset issue builds this page (DESIGN decision 5). */
export function ForgotPasswordPage() {
  return <ComingSoon title="Forgot Password" />;
}
