import { useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { UNSUBSCRIBE_INVALID_MESSAGE } from '#shared/mail';
import { Button, ButtonLink } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/request';
import { AuthCard } from '../auth/auth-card';
import { useUnsubscribe } from './api';

/**
 * The link in every member mailing. No sign-in: the signed token is enough. One press, not an
 * automatic call on load, so mail scanners that open links do not unsubscribe people.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  if (!token) {
    return (
      <AuthCard title="Unsubscribe">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {UNSUBSCRIBE_INVALID_MESSAGE}
        </p>
      </AuthCard>
    );
  }

  if (unsubscribe.isSuccess) {
    return (
      <AuthCard title="Unsubscribed">
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>{unsubscribe.data.message}</p>
        </div>
        <ButtonLink to="/" variant="outline" className="mt-4 w-full">
          Return to Homepage
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Unsubscribe"
      description="Stop the daily tips e-mail and the other member e-mails. Account e-mails, such as password resets, still reach you."
    >
      {unsubscribe.isError && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {errorMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}
        </p>
      )}
      <Button size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </AuthCard>
  );
}
