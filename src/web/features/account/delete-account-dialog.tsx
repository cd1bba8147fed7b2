import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountBody } from '#shared/schemas/account';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { PasswordField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useDeleteAccount } from './api';

/**
 * "Delete my account": says what goes and what is kept, and asks for the password (the server
 * checks it; a wrong one changes nothing). The shared confirmation dialog, as a form.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useSchemaForm(deleteAccountBody, { password: '' });
  // The server's refusal (a wrong password); the schema's own messages show beside the field.
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  function close() {
    if (remove.isPending) return;
    form.reset();
    setError(null);
    onClose();
  }

  // Awaited rather than per-call callbacks: once the account is gone the page re-renders signed
  // out and this dialog unmounts, and a per-call callback of an unmounted form never runs.
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const result = await remove.mutateAsync(password);
      toast({ title: 'Account deleted', description: result.message });
      void navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Your account could not be deleted. Please try again.'));
    }
  });

  return (
    <ConfirmDialog
      open={open}
      asForm
      title="Delete your account?"
      description={
        <div className="grid gap-2">
          <p>This cannot be undone. Deleting your account:</p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              ends any subscription today: nothing more is taken, and your access stops now (the current period is not
              refunded; within 7 days of joining, ask us for the money-back guarantee first);
            </li>
            <li>
              signs you out everywhere and erases your e-mail address, password, preferences, bet log and the e-mails we
              sent you.
            </li>
          </ul>
          <p>
            We keep the records of your payments (amounts, dates and payment references, with no contact details) for 6
            years, as HMRC requires.
          </p>
        </div>
      }
      cancelLabel="Keep my account"
      confirmLabel="Delete my account"
      busyLabel="Deleting..."
      busy={remove.isPending}
      destructive
      onConfirm={() => void onSubmit()}
      onCancel={close}
    >
      <PasswordField
        purpose="current"
        label="Your password"
        {...form.register('password')}
        error={form.formState.errors.password?.message}
      />
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
