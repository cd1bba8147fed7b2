import { useEffect, type ReactNode } from 'react';
import { CheckCircle2, Info, KeyRound, Mail, Trophy, UserRound } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useConfig } from '#web/lib/config';
import { formatLongDate } from '#web/lib/dates';
import { AUTH_USER_KEY, useAuth } from '../auth/api';
import { ACCOUNT_SUBSCRIPTION_PATH, useCheckoutSession } from './api';

const premiumStep = {
  icon: Trophy,
  title: 'Access premium content',
  text: 'Daily tips, race previews and VB ratings are ready for you.',
};
// The welcome e-mail is queued with the payment's record: it confirms the plan, the agreement and how to cancel.
const emailStep = {
  icon: Mail,
  title: 'Email confirmation',
  text: 'A confirmation of your subscription and its terms is on its way to your inbox.',
};
const newAccountSteps = [
  { icon: KeyRound, title: 'Set your password', text: 'Create a password so you can sign in to your account.' },
  emailStep,
  premiumStep,
];
const existingAccountSteps = [
  {
    icon: UserRound,
    title: 'Your account',
    text: 'The subscription is on your existing account: there is nothing else to set up.',
  },
  emailStep,
  premiumStep,
];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-200 py-2.5 last:border-b-0 sm:flex-row sm:justify-between">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold break-all text-navy-900">{children}</dd>
    </div>
  );
}

/**
 * Payment success: reads session_id, shows what was bought and the next step. Only a
 * checkout that created a new account leads to the password step (decision 0018); any other goes
 * straight to the account (sign in first when this browser is not signed in to it).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { siteName, supportEmail } = useConfig();
  const sessionId = params.get('session_id');
  const lookup = useCheckoutSession(sessionId);
  // Without a session there is nothing to load: loading stops and the button stays disabled.
  const loading = !!sessionId && lookup.isPending;
  const checkout = lookup.data;
  const toAccount = checkout ? !checkout.needsPassword : false;
  const steps = toAccount ? existingAccountSteps : newAccountSteps;

  // The payment may have been recorded just now (by this lookup): the signed-in user is stale.
  const paid = lookup.isSuccess;
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  }, [paid, queryClient]);

  return (
    <div className="bg-navy-50 px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-xl">
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-700" aria-hidden="true" />
          <CardTitle as="h1" size="xl">
            Payment Successful!
          </CardTitle>
          <CardDescription className="text-base">Welcome to {siteName} Premium</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="rounded-lg border border-slate-200 px-4" aria-busy={loading}>
            <Detail label="Subscription">
              {loading ? <Skeleton className="h-5 w-48" /> : (checkout?.display_text ?? '—')}
            </Detail>
            <Detail label="Email">{loading ? <Skeleton className="h-5 w-40" /> : (checkout?.email ?? '—')}</Detail>
            {/* The payment's own date, from the lookup: the same on the server and in the browser, whenever the page is opened. */}
            <Detail label="Start date">
              {loading ? <Skeleton className="h-5 w-32" /> : (formatLongDate(checkout?.startDate) ?? '—')}
            </Detail>
          </dl>
          {lookup.isError && (
            <p role="alert" className="text-sm text-red-700">
              Failed to resolve payment session. Please contact support.
            </p>
          )}
          {checkout?.duplicate && (
            <div
              role="status"
              className="flex gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-navy-900"
            >
              <Info className="mt-0.5 h-5 w-5 shrink-0 text-gold-800" aria-hidden="true" />
              <p>
                <strong className="block">You were already subscribed.</strong>
                We cancelled this second subscription straight away and will refund this payment. Your existing
                subscription is unchanged; we have e-mailed you the details.
              </p>
            </div>
          )}

          <div>
            <h2 className="font-bold text-navy-900">Next steps</h2>
            <ol className="mt-3 grid gap-3">
              {steps.map(({ icon: Icon, title, text }, i) => (
                <li key={title} className="flex gap-3">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-gold-400">
                    {i + 1}
                  </span>
                  <div>
                    <p className="flex items-center gap-1.5 font-semibold text-navy-900">
                      <Icon className="h-4 w-4 text-gold-700" aria-hidden="true" />
                      {title}
                    </p>
                    <p className="text-sm text-slate-700">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>

          <div className="flex flex-col gap-3 sm:flex-row">
            {!toAccount ? (
              // A form that asks for /set-password?session_id=…, so the step opens without JavaScript too.
              <form
                method="get"
                action="/set-password"
                className="flex flex-1"
                onSubmit={(e) => {
                  e.preventDefault();
                  void navigate(`/set-password?session_id=${encodeURIComponent(sessionId!)}`);
                }}
              >
                {sessionId && <input type="hidden" name="session_id" value={sessionId} />}
                <Button
                  type="submit"
                  variant="gold"
                  size="lg"
                  className="flex-1"
                  disabled={!sessionId || loading || !checkout}
                >
                  Set Your Password
                </Button>
              </form>
            ) : user ? (
              <ButtonLink to={ACCOUNT_SUBSCRIPTION_PATH} variant="gold" size="lg" className="flex-1">
                Go to My Account
              </ButtonLink>
            ) : (
              <ButtonLink
                to={`/login?email=${encodeURIComponent(checkout!.email)}&next=${encodeURIComponent(ACCOUNT_SUBSCRIPTION_PATH)}`}
                variant="gold"
                size="lg"
                className="flex-1"
              >
                Sign In
              </ButtonLink>
            )}
            <ButtonLink to="/" variant="outline" size="lg" className="flex-1">
              Return to Homepage
            </ButtonLink>
          </div>
          {toAccount && !user && (
            <p className="text-center text-sm text-slate-700">
              Never chosen a password? Use “Forgot password?” on the sign-in page.
            </p>
          )}
          <p className="text-center text-sm text-slate-700">
            Questions about your subscription? Contact us at{' '}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-navy-700 underline underline-offset-4">
              {supportEmail}
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
