import { useId } from 'react';
import type { CurrentUser } from '#shared/schemas/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Switch } from '#web/components/ui/switch';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useEmailPreference } from './api';

/** The account page's e-mail preference: member mailings on or off (account e-mails always go). */
export function EmailPreferenceCard({ user }: { user: CurrentUser }) {
  const labelId = useId();
  const descId = useId();
  const save = useEmailPreference();
  const receiving = !user.emailOptOut;

  function onChange(next: boolean) {
    save.mutate(!next, {
      onSuccess: (result) => toast({ title: 'E-mail preference saved', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Update Failed',
          description: errorMessage(err, 'Could not save your e-mail preference'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>E-mail Preferences</CardTitle>
        <CardDescription>Password resets and other account e-mails are always sent.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
          <div>
            <p id={labelId} className="font-semibold text-navy-900">
              Member e-mails
            </p>
            <p id={descId} className="mt-1 text-sm text-slate-700">
              {receiving
                ? 'You receive the daily tips e-mail, new articles and golf notes.'
                : 'You do not receive member e-mails.'}
            </p>
          </div>
          <Switch
            checked={receiving}
            onCheckedChange={onChange}
            disabled={save.isPending}
            aria-labelledby={labelId}
            aria-describedby={descId}
          />
        </div>
      </CardContent>
    </Card>
  );
}
