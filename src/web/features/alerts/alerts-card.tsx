import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AlertSettings, AlertSettingsAnswer } from '#shared/schemas/alerts';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { Switch } from '#web/components/ui/switch';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useAuth } from '../auth/api';
import { pushPublicKey, useAlertSettings, useDevicePush, useSaveAlertSettings } from './api';
import { deviceState, turnOff, turnOn, type DeviceState } from './device-push';

const TOGGLES: Array<{
  key: keyof Pick<AlertSettings, 'tipsPublished' | 'valueReached' | 'tipNonRunner' | 'emailDigest'>;
  title: string;
  hint: string;
}> = [
  {
    key: 'tipsPublished',
    title: 'Today’s tips are out',
    hint: 'Once a day, when the NAP, NB and Longshot are published.',
  },
  {
    key: 'valueReached',
    title: 'A starred horse reaches value',
    hint: 'When a horse on your watch list is at its value-down-to price or longer; once per horse a day.',
  },
  {
    key: 'tipNonRunner',
    title: 'A tip becomes a non-runner',
    hint: 'When today’s NAP, NB or Longshot is declared a non-runner.',
  },
  {
    key: 'emailDigest',
    title: 'E-mail me instead when no device takes alerts',
    hint: 'One e-mail listing your alerts, at most once an hour. Paused or opted-out member e-mails stop it too.',
  },
];

/** My Account: which alerts a member wants, their quiet hours, and alerts on this device. Members only. */
export function AlertsCard() {
  const { hasMemberAccess } = useAuth();
  const settings = useAlertSettings();
  if (!hasMemberAccess) return null;
  return (
    <Card className="mt-6" id="alerts">
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>
          Race-day alerts on your phone or computer, or by e-mail. Quiet hours hold them until the time you choose, the
          same day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {settings.data ? (
          <SettingsForm saved={settings.data} />
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {settings.isError
              ? errorMessage(settings.error, 'Your alert settings could not be loaded.')
              : 'Loading your alert settings…'}
          </p>
        )}
        <DeviceAlerts devices={settings.data?.pushDevices ?? 0} />
      </CardContent>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: AlertSettingsAnswer }) {
  const [form, setForm] = useState<AlertSettings>(() => ({
    tipsPublished: saved.tipsPublished,
    valueReached: saved.valueReached,
    tipNonRunner: saved.tipNonRunner,
    emailDigest: saved.emailDigest,
    quietFrom: saved.quietFrom,
    quietUntil: saved.quietUntil,
  }));
  const save = useSaveAlertSettings();
  const ids = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    save.mutate(form, {
      onSuccess: (result) => toast({ title: 'Alerts saved', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Could not save your alerts',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Alert settings">
      {TOGGLES.map(({ key, title, hint }) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div>
            <p id={`${ids}-${key}`} className="font-semibold text-navy-900">
              {title}
            </p>
            <p id={`${ids}-${key}-hint`} className="text-sm text-slate-700">
              {hint}
            </p>
          </div>
          <Switch
            checked={form[key]}
            onCheckedChange={(checked) => setForm({ ...form, [key]: checked })}
            aria-labelledby={`${ids}-${key}`}
            aria-describedby={`${ids}-${key}-hint`}
          />
        </div>
      ))}
      <fieldset className="grid gap-2">
        <legend className="font-semibold text-navy-900">Quiet hours (UK time)</legend>
        <p className="text-sm text-slate-700">Leave both empty for none. From 22:00 until 07:00 runs overnight.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Quiet from"
            type="time"
            value={form.quietFrom ?? ''}
            onChange={(e) => setForm({ ...form, quietFrom: e.target.value || null })}
          />
          <Field
            label="Quiet until"
            type="time"
            value={form.quietUntil ?? ''}
            onChange={(e) => setForm({ ...form, quietUntil: e.target.value || null })}
          />
        </div>
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save alert settings'}
      </Button>
    </form>
  );
}

function DeviceAlerts({ devices }: { devices: number }) {
  const [state, setState] = useState<DeviceState | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const push = useDevicePush();
  const steps = { publicKey: pushPublicKey, save: push.subscribe, remove: push.unsubscribe };

  useEffect(() => {
    let live = true;
    void deviceState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  async function run(action: typeof turnOn) {
    setBusy(true);
    const outcome = await action(steps);
    setMessage({ ok: outcome.ok, text: outcome.message });
    setState(await deviceState());
    setBusy(false);
  }

  return (
    <section aria-labelledby="device-alerts-title" className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 id="device-alerts-title" className="font-semibold text-navy-900">
        Alerts on this device
      </h3>
      <p className="text-sm text-slate-700">
        {devices === 0
          ? 'No device takes your alerts yet.'
          : `${devices} device${devices === 1 ? '' : 's'} take${devices === 1 ? 's' : ''} your alerts.`}
      </p>
      <div className="flex flex-wrap gap-3">
        {state === 'on' ? (
          <Button variant="outline" onClick={() => void run(turnOff)} disabled={busy}>
            {busy ? 'Turning off...' : 'Turn off on this device'}
          </Button>
        ) : (
          <Button onClick={() => void run(turnOn)} disabled={busy || state === null}>
            {busy ? 'Turning on...' : 'Turn on alerts on this device'}
          </Button>
        )}
      </div>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={
            message.ok
              ? 'text-sm text-emerald-800'
              : 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          }
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
