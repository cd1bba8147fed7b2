import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newPasswordProblem } from '#shared/auth-rules';
import { NewPasswordFields } from '#web/components/new-password-fields';
import { RESET_LINK_INVALID_MESSAGE } from '#shared/mail';
import { Button, ButtonLink } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useResetPassword } from './api';
import { AuthCard } from './auth-card';

const fail = (description: string) => toast({ title: 'Password reset failed', description, variant: 'destructive' });

/** The page the e-mailed link opens: a new password, then sign in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [linkDead, setLinkDead] = useState(!token);
  const reset = useResetPassword();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) return fail(problem.description);
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: (result) => {
          toast({ title: 'Password reset', description: result.message });
          void navigate('/login', { replace: true });
        },
        onError: (err) => {
          const message = errorMessage(err, 'Something went wrong. Please try again.');
          if (message === RESET_LINK_INVALID_MESSAGE) setLinkDead(true);
          fail(message);
        },
      },
    );
  }

  if (linkDead) {
    return (
      <AuthCard title="Reset Password">
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {RESET_LINK_INVALID_MESSAGE}
        </p>
        <ButtonLink to="/forgot-password" className="mt-4 w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      description="Choose a new password for your account. You will then sign in with it."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <NewPasswordFields
          password={password}
          confirmation={confirmPassword}
          onPassword={setPassword}
          onConfirmation={setConfirmPassword}
        />
        <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
          {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link to="/login" className="font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
