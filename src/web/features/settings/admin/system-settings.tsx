import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSaveSystemSettings, useSystemSettings } from '../api';

/** The real "open access (testing)" switch (DESIGN decision 3). */
export function SystemSettings() {
  const labelId = useId();
  const descId = useId();
  const settings = useSystemSettings();
  const save = useSaveSystemSettings();
  const openAccess = settings.data?.openAccess ?? false;

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
        {settings.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : settings.isError ? (
          <p className="text-red-700">{errorMessage(settings.error, 'Could not load the settings.')}</p>
        ) : (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
            <div>
              <p id={labelId} className="font-semibold text-navy-900">
                Open access (testing)
              </p>
              <p id={descId} className="mt-1 text-sm text-slate-700">
                {openAccess
                  ? 'Premium features are currently open access for testing: every signed-in user can use them without a subscription.'
                  : 'Premium features need an active subscription. Turn this on to open them to every signed-in user for testing.'}
              </p>
            </div>
            <Switch
              checked={openAccess}
              onCheckedChange={onChange}
              disabled={save.isPending}
              aria-labelledby={labelId}
              aria-describedby={descId}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
