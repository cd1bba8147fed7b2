import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountBody } from '#shared/schemas/account';
import { Button } from '#web/components/ui/button';
import { PasswordField } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useDeleteAccount } from './api';

/**
 * "Delete my account": says what goes and what is kept, and asks for the password (the server
 * checks it; a wrong one changes nothing). A modal on the native <dialog>, with a real form.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const form = useSchemaForm(deleteAccountBody, { password: '' });
  // The server's refusal (a wrong password); the schema's own messages show beside the field.
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function close() {
    if (remove.isPending) return;
    form.reset();
    setError(null);
    onClose();
  }

  const onSubmit = form.handleSubmit(({ password }) => {
    setError(null);
    remove.mutate(password, {
      onSuccess: (result) => {
        toast({ title: 'Account deleted', description: result.message });
        void navigate('/', { replace: true });
      },
      onError: (err) => setError(errorMessage(err, 'Your account could not be deleted. Please try again.')),
    });
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-900 shadow-xl"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          Delete your account?
        </h2>
        <div id={descId} className="grid gap-2 text-sm text-slate-700">
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
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            Keep my account
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
