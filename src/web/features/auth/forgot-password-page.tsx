import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { FORGOT_PASSWORD_FORM_ERRORS, formErrorText } from '#shared/form-errors';
import { RESET_LINK_SENT_MESSAGE } from '#shared/mail';
import { FORGOT_PASSWORD_SENT } from '#shared/paths';
import { FormRefusal } from '#web/components/form-refusal';
import { ButtonLink, Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useForgotPassword } from './api';
import { AuthCard } from './auth-card';

const linkClass = 'font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900';

/**
 * "Forgot password?" (DESIGN decision 5): the answer never says whether the address has an account.
 * Without JavaScript the form posts to the server, which comes back here with ?sent=1, or with
 * ?error= and the address typed.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [sent, setSent] = useState<string | null>(() =>
    params.get(FORGOT_PASSWORD_SENT.name) === FORGOT_PASSWORD_SENT.value ? RESET_LINK_SENT_MESSAGE : null,
  );
  const forgot = useForgotPassword();
  const refused = forgot.isIdle ? formErrorText(FORGOT_PASSWORD_FORM_ERRORS, params.get('error')) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Email Required', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    forgot.mutate(email.trim(), {
      onSuccess: (result) => setSent(result.message),
      onError: (err) =>
        toast({ title: 'Request failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
    });
  }

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <div role="status" className="grid gap-4">
          <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            <MailCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">Check your e-mail</p>
              <p className="mt-1 text-sm">{sent}</p>
            </div>
          </div>
          <p className="text-sm text-slate-700">No e-mail after a few minutes? Check your spam folder, or try again.</p>
          {/* A link, so it works without JavaScript too: back to the empty form. */}
          <ButtonLink to="/forgot-password" variant="outline" onClick={() => setSent(null)}>
            Try again
          </ButtonLink>
        </div>
      ) : (
        <>
          <FormRefusal message={refused} />
          <form method="post" action="/forgot-password" onSubmit={onSubmit} className="grid gap-4">
            <EmailField label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" size="lg" disabled={forgot.isPending} className="w-full">
              {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        Remembered it?{' '}
        <Link to="/login" className={linkClass}>
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
