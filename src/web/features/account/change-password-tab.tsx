import { NEW_PASSWORD_TOO_SHORT } from '#shared/auth-rules';
import { changePasswordForm } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { PasswordField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useChangePassword } from './api';

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

export function ChangePasswordTab() {
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    ({ currentPassword, newPassword }) =>
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            toast({ title: 'Password updated', description: 'Your password has been changed successfully.' });
            form.reset();
          },
          onError: (err) =>
            fail('Password change failed', errorMessage(err, 'Unable to change password', 'Unable to change password')),
        },
      ),
    (invalid) => {
      // Besides each field's message, one notice says what stopped the change: a missing field first, then a mismatch, then the
      // new password's own message.
      const { currentPassword, newPassword, confirmPassword } = form.getValues();
      if (!currentPassword || !newPassword || !confirmPassword)
        return fail('Missing information', 'Please fill in all password fields');
      if (newPassword !== confirmPassword)
        return fail("Passwords don't match", 'New password and confirmation must match');
      const message = invalid.newPassword?.message ?? invalid.currentPassword?.message ?? NEW_PASSWORD_TOO_SHORT;
      fail(message === NEW_PASSWORD_TOO_SHORT ? 'Password too short' : 'Password change failed', message);
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Other devices signed in with your old password will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the schema's messages are shown beside the fields instead of the browser's bubbles. */}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-md gap-4">
          <PasswordField
            purpose="current"
            label="Current Password"
            {...form.register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <PasswordField
            purpose="new"
            label="New Password"
            {...form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <PasswordField
            purpose="new"
            label="Confirm Password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {change.isPending ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
