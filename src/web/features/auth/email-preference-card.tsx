import type { CurrentUser } from '#shared/schemas/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { SettingSwitch } from '#web/components/ui/setting-switch';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useEmailPreference } from './api';

/** The account page's e-mail preference: member mailings on or off (account e-mails always go). */
export function EmailPreferenceCard({ user }: { user: CurrentUser }) {
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
        <SettingSwitch
          label="Member e-mails"
          description={
            receiving
              ? 'You receive the daily tips e-mail, new articles and golf notes.'
              : 'You do not receive member e-mails.'
          }
          checked={receiving}
          onCheckedChange={onChange}
          disabled={save.isPending}
        />
      </CardContent>
    </Card>
  );
}
