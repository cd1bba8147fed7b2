import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { QueryView } from '#web/components/ui/query-view';
import { SettingSwitch } from '#web/components/ui/setting-switch';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSaveSystemSettings, useSystemSettings } from '../api';

/** The real "open access (testing)" switch (DESIGN decision 3). */
export function SystemSettings() {
  const settings = useSystemSettings();
  const save = useSaveSystemSettings();

  function onChange(next: boolean) {
    save.mutate(
      { openAccess: next },
      {
        onSuccess: (result) => toast({ title: 'Settings saved', description: result.message }),
        onError: (err) =>
          toast({
            title: 'Update Failed',
            description: errorMessage(err, 'Could not save the setting'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>System Settings</CardTitle>
        <CardDescription>Site-wide switches. Changes apply at once for everyone.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={settings}
          loading={<Skeleton className="h-20 w-full" />}
          errorText="Could not load the settings."
          errorClassName="text-red-700"
        >
          {({ openAccess }) => (
            <SettingSwitch
              label="Open access (testing)"
              description={
                openAccess
                  ? 'Premium features are currently open access for testing: every signed-in user can use them without a subscription.'
                  : 'Premium features need an active subscription. Turn this on to open them to every signed-in user for testing.'
              }
              checked={openAccess}
              onCheckedChange={onChange}
              disabled={save.isPending}
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
