import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '#shared/schemas/auth';
import { safeNextPath } from '#shared/safe-next';
import { Button } from '#web/components/ui/button';
import { PasswordField, EmailField } from '#web/components/ui/input';
import { useLoginMutation } from './api';
import { AuthCard } from './auth-card';

/** Spec 01 §2 / spec 02 §2.7, plus ?next= from the members-only gate (DESIGN decision 8). */
export function destinationAfterLogin(user: CurrentUser, next: string | null): string {
  const safe = safeNextPath(next);
  if (safe) return safe;
  if (user.role === 'admin') return '/admin';
  if (user.isSubscribed) return '/';
  return '/subscribe';
}

const linkClass = 'font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const login = useLoginMutation({ successToast: () => ({ title: 'Login successful!', description: 'Redirecting...' }) });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: (result) => navigate(destinationAfterLogin(result.user, params.get('next')), { replace: true }) });
  }

  return (
    <AuthCard title="Sign In" description="Sign in to your VBG account.">
      <form onSubmit={onSubmit} className="grid gap-4">
        <EmailField label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField purpose="current" label="Password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} />
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
