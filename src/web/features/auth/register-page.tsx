import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newPasswordProblem } from '#shared/auth-rules';
import type { ConsentField } from '#shared/consent';
import { REGISTER_FORM_ERRORS, formErrorText } from '#shared/form-errors';
import { useConsentBoxes } from '#web/components/consent-boxes';
import { NewPasswordFields } from '#web/components/new-password-fields';
import { Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { useRegisterMutation } from './api';
import { AuthCard } from './auth-card';
import { FormRefusal } from '#web/components/form-refusal';

/** Registering asks for these two; starting a membership now is asked at checkout. */
const REGISTER_CONSENT: readonly ConsentField[] = ['confirmAge', 'acceptTerms'];

/**
 * A free account that then goes to checkout (DESIGN decision 4); only for adults who accept the
 * terms. Without JavaScript the form posts to the server, which signs the new account in and goes
 * on to /subscribe, or comes back here with ?error=, the address and the ticked boxes.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const consent = useConsentBoxes(REGISTER_CONSENT, {
    confirmAge: params.get('confirmAge') === 'on',
    acceptTerms: params.get('acceptTerms') === 'on',
  });
  const register = useRegisterMutation();
  const refused = register.isIdle ? formErrorText(REGISTER_FORM_ERRORS, params.get('error')) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) return void toast({ ...problem, variant: 'destructive' });
    if (!consent.confirm()) return;
    const { confirmAge, acceptTerms } = consent.ticked;
    register.mutate(
      { email: email.trim(), password, confirmPassword, confirmAge, acceptTerms },
      { onSuccess: () => void navigate('/subscribe', { replace: true }) },
    );
  }

  return (
    <AuthCard title="Create Account" description="Create your free VBG account, then choose your membership.">
      <FormRefusal message={refused} />
      <form method="post" action="/register" onSubmit={onSubmit} className="grid gap-4">
        <EmailField label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <NewPasswordFields
          label="Password"
          password={password}
          confirmation={confirmPassword}
          onPassword={setPassword}
          onConfirmation={setConfirmPassword}
        />
        {consent.boxes}
        <Button type="submit" size="lg" disabled={register.isPending} className="w-full">
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-navy-700 underline underline-offset-4">
          Go to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
