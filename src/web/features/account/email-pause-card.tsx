import { useId, type FormEvent } from 'react';
import { EMAIL_PAUSE_DAYS, EMAIL_PAUSE_MAX_DAYS, type EmailPauseChoice } from '#shared/email-pause';
import { addDays, formatLongDay, londonDate } from '#shared/london-time';
import { EMAIL_PAUSE_UNTIL_A_DATE, emailPauseForm } from '#shared/schemas/account';
import type { CurrentUser } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useNow } from '#web/lib/now';
import { useSchemaForm, type SchemaForm } from '#web/lib/schema-form';
import { useEmailPause } from './api';

/** "Take a break": pause member e-mails for a chosen time, or end the pause (a responsible-gambling tool). */
export function EmailPauseCard({ user }: { user: CurrentUser }) {
  const form = useSchemaForm(emailPauseForm, { choice: String(EMAIL_PAUSE_DAYS[0]), until: '' });
  const pause = useEmailPause();

  function send(body: EmailPauseChoice | null) {
    pause.mutate(body, {
      onSuccess: (result) => toast({ title: body ? 'E-mails paused' : 'Pause ended', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Could not change the pause',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  const onSubmit = form.handleSubmit(send);

  return (
    <Card className="mt-6" id="email-pause">
      <CardHeader>
        <CardTitle>Take a Break from Our E-mails</CardTitle>
        <CardDescription>
          Pause the daily tips e-mail and our other member e-mails. They start again by themselves on the day the pause
          ends.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {user.emailPausedUntil ? (
          <div className="grid gap-3">
            <p role="status" className="rounded-lg border border-navy-200 bg-navy-50 p-3 text-sm text-navy-900">
              Member e-mails are paused. They start again on{' '}
              <strong>{formatLongDay(londonDate(new Date(user.emailPausedUntil)))}</strong>.
            </p>
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => send(null)}
              disabled={pause.isPending}
            >
              {pause.isPending ? 'Ending...' : 'End the pause now'}
            </Button>
          </div>
        ) : (
          <PauseForm form={form} busy={pause.isPending} onSubmit={onSubmit} />
        )}
      </CardContent>
    </Card>
  );
}

/** How long to pause: a number of days, or until a date (at most EMAIL_PAUSE_MAX_DAYS ahead). */
function PauseForm({
  form,
  busy,
  onSubmit,
}: {
  form: SchemaForm<typeof emailPauseForm>;
  busy: boolean;
  onSubmit: (e: FormEvent) => Promise<void>;
}) {
  const selectId = useId();
  const choice = form.watch('choice');
  const today = londonDate(useNow());
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid max-w-md gap-4" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={selectId}>Pause for</Label>
        <select
          id={selectId}
          {...form.register('choice')}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
        >
          {EMAIL_PAUSE_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
          <option value={EMAIL_PAUSE_UNTIL_A_DATE}>Until a date…</option>
        </select>
      </div>
      {choice === EMAIL_PAUSE_UNTIL_A_DATE && (
        <Field
          label="E-mails start again on"
          type="date"
          required
          min={addDays(today, 1)}
          max={addDays(today, EMAIL_PAUSE_MAX_DAYS)}
          {...form.register('until')}
          error={form.formState.errors.until?.message}
        />
      )}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? 'Pausing...' : 'Pause e-mails'}
      </Button>
    </form>
  );
}
