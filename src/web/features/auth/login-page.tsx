import { useState, type FormEvent } from 'react';
import { LOGIN_FORM_ERRORS, formErrorText } from '#shared/form-errors';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { destinationAfterLogin, safeNextPath } from '#shared/safe-next';
import { Button } from '#web/components/ui/button';
import { PasswordField, EmailField } from '#web/components/ui/input';
import { useLoginMutation } from './api';
import { AuthCard } from './auth-card';

const linkClass = 'font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const login = useLoginMutation({
    successToast: () => ({ title: 'Login successful!', description: 'Redirecting...' }),
  });
  // Without JavaScript the form posts to the server, which comes back here with ?error= when refused.
  const refused = login.isIdle ? formErrorText(LOGIN_FORM_ERRORS, params.get('error')) : null;
  const next = safeNextPath(params.get('next'));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => void navigate(destinationAfterLogin(result.user, params.get('next')), { replace: true }),
      },
    );
  }

  return (
    <AuthCard title="Sign In" description="Sign in to your VBG account.">
      {refused && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {refused}
        </p>
      )}
      <form method="post" action="/login" onSubmit={onSubmit} className="grid gap-4">
        {next && <input type="hidden" name="next" value={next} />}
        <EmailField label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
          purpose="current"
          label="Password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-1 text-right text-sm">
          <Link to="/forgot-password" className={`${linkClass} inline-flex min-h-11 items-center`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Don’t have an account?{' '}
        <Link to="/register" className={linkClass}>
          Register
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-700">
        Not a member yet?{' '}
        <Link to="/subscribe" className={linkClass}>
          Subscribe
        </Link>
      </p>
    </AuthCard>
  );
}
