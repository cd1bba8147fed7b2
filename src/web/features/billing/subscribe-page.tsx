import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Lock } from 'lucide-react';
import { CONSENT_FIELDS, type Plan } from '#shared/consent';
import { SUBSCRIBE_FORM_ERRORS, formErrorText } from '#shared/form-errors';
import { CHECKOUT_CANCELLED } from '#shared/paths';
import { useConsentBoxes } from '#web/components/consent-boxes';
import { PageSkeleton } from '#web/components/page-skeleton';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field, EmailField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { useAuth } from '../auth/api';
import { RecordClaim } from '../performance/record-claim';
import { checkoutErrorText, createCheckoutSession } from './api';
import { MonthlyPrice, PlanChoice } from './plan-choice';

/**
 * Subscribe: a member is sent home; a signed-in non-member
 * checks out for their own e-mail (shown, not editable); a visitor types one. The plan (when the
 * annual one is offered) and three boxes — 18 or over, the terms, starting now — come first: the
 * checkout does not open without the boxes ticked.
 */
export function SubscribePage() {
  const { user, isLoading } = useAuth();
  const { siteName, annualPricePence } = useConfig();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [plan, setPlan] = useState<Plan>('monthly');
  const consent = useConsentBoxes(CONSENT_FIELDS);
  const [submitting, setSubmitting] = useState(false);
  const isMember = !!user?.isSubscribed;
  // The checkout's cancel address: back from the payment page without paying.
  const [params] = useSearchParams();
  const cancelled = params.get(CHECKOUT_CANCELLED.name) === CHECKOUT_CANCELLED.value;
  // Without JavaScript the form posts to the server, which comes back here with ?error= when refused.
  const refused = submitting ? null : formErrorText(SUBSCRIBE_FORM_ERRORS, params.get('error'));

  useEffect(() => {
    if (isMember) void navigate('/', { replace: true });
  }, [isMember, navigate]);

  if (isLoading || isMember) return <PageSkeleton />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const address = user ? user.email : email.trim();
    if (!address) {
      toast({ title: 'Email Required', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    if (!consent.confirm()) return;
    setSubmitting(true);
    try {
      const url = await createCheckoutSession({
        email: address,
        plan: annualPricePence === null ? 'monthly' : plan,
        ...consent.ticked,
      });
      window.location.assign(url); // stays "Redirecting to Payment..." while the browser leaves
    } catch (err) {
      setSubmitting(false);
      toast({ title: 'Subscription Failed', description: checkoutErrorText(err), variant: 'destructive' });
    }
  }

  return (
    <div className="bg-navy-50 px-4 py-10 sm:py-16">
      {/* Two plans side by side need the wider card. */}
      <Card className={annualPricePence === null ? 'mx-auto w-full max-w-md' : 'mx-auto w-full max-w-xl'}>
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">
            <Lock className="h-6 w-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" size="xl">
            Subscribe to {siteName}
          </CardTitle>
          <CardDescription>
            You'll be redirected to our secure payment page to complete your subscription
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordClaim className="mb-4 text-center text-sm text-navy-800" />
          {cancelled && (
            <p role="status" className="mb-4 rounded-lg border border-navy-200 bg-navy-50 p-3 text-sm text-navy-900">
              <strong>Checkout cancelled.</strong> You have not been charged. Subscribe below whenever you are ready.
            </p>
          )}
          {refused && (
            <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {refused}
            </p>
          )}
          <form method="post" action="/subscribe" onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
            {user ? (
              <Field
                label="Email"
                name="email"
                type="email"
                value={user.email}
                readOnly
                aria-readonly="true"
                hint="Your subscription is for the account you are signed in with."
              />
            ) : (
              <EmailField
                label="Email"
                name="email"
                placeholder="your@email.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
            {annualPricePence === null ? (
              <MonthlyPrice />
            ) : (
              <PlanChoice annualPricePence={annualPricePence} chosen={plan} onChoose={setPlan} />
            )}
            {consent.boxes}
            <Button type="submit" variant="gold" size="lg" disabled={submitting} className="w-full">
              {submitting ? 'Redirecting to Payment...' : 'Subscribe Now'}
            </Button>
            <p className="text-center text-sm text-slate-700">Cancel anytime • 7-day money-back guarantee</p>
            <p className="text-center text-xs text-slate-700">
              18+ only. Subscribing means you agree to the{' '}
              <Link to="/terms" className="underline underline-offset-2">
                Terms
              </Link>
              ; read the{' '}
              <Link to="/privacy" className="underline underline-offset-2">
                Privacy notice
              </Link>{' '}
              and{' '}
              <Link to="/responsible-gambling" className="underline underline-offset-2">
                Responsible gambling
              </Link>
              .
            </p>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
