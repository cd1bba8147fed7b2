import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { newPasswordProblem } from '#shared/auth-rules';
import { SET_PASSWORD_FORM_ERRORS, formErrorText } from '#shared/form-errors';
import { FormRefusal } from '#web/components/form-refusal';
import { NewPasswordFields } from '#web/components/new-password-fields';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { AUTH_USER_KEY, fetchCurrentUser } from '../auth/api';
import { AuthCard } from '../auth/auth-card';
import { ACCOUNT_SUBSCRIPTION_PATH, useCheckoutSession, useSetPassword } from './api';

/** The automatic sign-in follows the password step after 1 second. */
export const AUTO_LOGIN_DELAY_MS = 1000;

/** The toast that says why this page cannot be used: no checkout session named, or it could not be read. */
function useSessionWarning(sessionId: string | null, lookupFailed: boolean) {
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current) return;
    if (!sessionId) {
      warned.current = true;
      toast({
        title: 'Invalid Access',
        description: 'No session ID found. Please complete payment first.',
        variant: 'destructive',
      });
    } else if (lookupFailed) {
      warned.current = true;
      toast({
        title: 'Session Error',
        description: 'Failed to resolve payment session. Please contact support.',
        variant: 'destructive',
      });
    }
  }, [sessionId, lookupFailed]);
}

/**
 * Setting the password, then after a second the sign-in it made: the user refetched and sent home,
 * or to the sign-in page with the e-mail filled in when that did not work.
 */
function useSetPasswordThenSignIn(sessionId: string | null, email: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setPassword = useSetPassword();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function signInAndGoHome() {
    try {
      const user = await queryClient.fetchQuery({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, staleTime: 0 });
      if (user) {
        void navigate('/', { replace: true });
        return;
      }
    } catch {
      // fall through to the sign-in page
    }
    void navigate(`/login?email=${encodeURIComponent(email)}`, { replace: true });
  }

  function submit(password: string, confirm: string) {
    if (!sessionId) return;
    const problem = newPasswordProblem(password, confirm);
    if (problem) return void toast({ ...problem, variant: 'destructive' });
    setPassword.mutate(
      { session_id: sessionId, password },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: 'Password Set Successfully!', description: 'Logging you in automatically...' });
          timer.current = setTimeout(() => void signInAndGoHome(), AUTO_LOGIN_DELAY_MS);
        },
        onError: (err) => {
          toast({
            title: 'Failed to set password',
            description: errorMessage(err, 'Something went wrong. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return { submit, done, busy: setPassword.isPending || done, sent: !setPassword.isIdle };
}

/**
 * Set password, the second step after paying for a new account (decision 0018). The set-password call
 * already signs the browser in; after a second the user is refetched and sent home, or to the
 * sign-in page with the e-mail filled in when that did not work. Without JavaScript the form posts
 * to the server, which signs in and goes home, or comes back here with ?error=.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const lookup = useCheckoutSession(sessionId);
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  useSessionWarning(sessionId, lookup.isError);
  const email = lookup.data?.email ?? '';
  const setPassword = useSetPasswordThenSignIn(sessionId, email);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPassword.submit(password, confirm);
  }

  if (!sessionId) {
    return (
      <AuthCard title="Set Your Password" description="No session ID found. Please complete payment first.">
        <ButtonLink to="/subscribe" variant="gold" size="lg" className="w-full">
          Subscribe Now
        </ButtonLink>
      </AuthCard>
    );
  }

  if (lookup.isPending) {
    return (
      <AuthCard title="Set Your Password">
        <p role="status" aria-live="polite" className="py-6 text-center text-slate-700">
          Loading your account details...
        </p>
      </AuthCard>
    );
  }

  if (lookup.isError) {
    return (
      <AuthCard title="Set Your Password" description="Failed to resolve payment session. Please contact support.">
        <ButtonLink to="/" variant="outline" size="lg" className="w-full">
          Return to Homepage
        </ButtonLink>
      </AuthCard>
    );
  }

  // Only an account this checkout created, still without a password, within a day of paying
  // (decision 0018). Once the password is set here, `done` keeps the form for the sign-in step.
  if (!lookup.data?.needsPassword && !setPassword.done) return <NoPasswordToSet email={email} />;

  const refused = setPassword.sent ? null : formErrorText(SET_PASSWORD_FORM_ERRORS, params.get('error'));
  return (
    <AuthCard title="Set Your Password" description="Choose a password to sign in to your new account.">
      <FormRefusal message={refused} />
      <form method="post" action="/set-password" onSubmit={onSubmit} className="grid gap-4">
        <input type="hidden" name="session_id" value={sessionId} />
        <Field
          label="Email"
          name="email"
          type="email"
          value={email}
          readOnly
          aria-readonly="true"
          autoComplete="username"
        />
        <NewPasswordFields
          password={password}
          confirmation={confirm}
          onPassword={setPasswordValue}
          onConfirmation={setConfirm}
        />
        <Button type="submit" variant="gold" size="lg" disabled={setPassword.busy} className="w-full">
          {setPassword.busy ? 'Setting Password...' : 'Set Password & Continue'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** A checkout whose account already has a password (or the link is old): sign in instead. */
function NoPasswordToSet({ email }: { email: string }) {
  return (
    <AuthCard title="Set Your Password" description="There is no password to set for this payment.">
      <div className="grid gap-4">
        <p className="text-slate-700">
          The subscription is on the account for <strong className="break-words text-navy-900">{email}</strong>. Sign in
          to use it. Never chosen a password, or the link is more than a day old? Use “Forgot password?” on the sign-in
          page.
        </p>
        <ButtonLink
          to={`/login?email=${encodeURIComponent(email)}&next=${encodeURIComponent(ACCOUNT_SUBSCRIPTION_PATH)}`}
          variant="gold"
          size="lg"
          className="w-full"
        >
          Sign In
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
