import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT } from '#shared/auth-rules';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { PasswordField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useChangePassword } from './api';

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

export function ChangePasswordTab() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const change = useChangePassword();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Spec 01 §5, in this order.
    if (!currentPassword || !newPassword || !confirmPassword) return fail('Missing information', 'Please fill in all password fields');
    if (newPassword !== confirmPassword) return fail("Passwords don't match", 'New password and confirmation must match');
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      return fail('Password too short', NEW_PASSWORD_TOO_SHORT);
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password updated', description: 'Your password has been changed successfully.' });
          setCurrent('');
          setNew('');
          setConfirm('');
        },
        onError: (err) => fail('Password change failed', errorMessage(err, 'Unable to change password', 'Unable to change password')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Other devices signed in with your old password will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the spec's own messages (above) are shown instead of the browser's bubbles. */}
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
          <PasswordField purpose="current" label="Current Password" name="currentPassword" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
          <PasswordField purpose="new" label="New Password" name="newPassword" value={newPassword} onChange={(e) => setNew(e.target.value)} />
          <PasswordField purpose="new" label="Confirm Password" name="confirmPassword" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} />
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {change.isPending ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
