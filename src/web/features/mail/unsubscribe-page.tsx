import { ComingSoon } from '../../components/coming-soon';

/** Placeholder: the mail issue builds the e-mail opt-out page. */
export function UnsubscribePage() {
  return <ComingSoon title="Unsubscribe" />;
}
