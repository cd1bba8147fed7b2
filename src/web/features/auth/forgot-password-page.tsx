import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useForgotPassword } from './api';
import { AuthCard } from './auth-card';

const linkClass = 'font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900';

/** "Forgot password?" (DESIGN decision 5): the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useForgotPassword();

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
          <Button variant="outline" onClick={() => setSent(null)}>
            Try again
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="grid gap-4">
          <EmailField label="Email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" size="lg" disabled={forgot.isPending} className="w-full">
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
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
