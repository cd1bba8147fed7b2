import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import { weekdayName } from '#shared/london-time';
import { RACE_CARDS_METADATA_KEY } from '../api';
import { type ClearTarget, useClearTarget } from './clear-target';
import { whatIsLost, whileReading } from './what-is-lost';

const DAYS = [
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'today', label: 'Today' },
  { key: 'tomorrow', label: 'Tomorrow' },
] as const;
type Day = (typeof DAYS)[number];

/** Clear Specific Day: the races of yesterday, today or tomorrow (by London date), each behind a confirmation. */
export function ClearSpecificDay() {
  const queryClient = useQueryClient();
  const { target, open, close } = useClearTarget<Day>();
  const clearing = target?.key ?? null;
  const [busy, setBusy] = useState(false);

  async function clear(day: Day) {
    setBusy(true);
    try {
      const body = await apiJson<{ message?: string } | null>('DELETE', `/api/vbg-race-cards/clear-day/${day.key}`);
      toast({ title: 'Cleared', description: body?.message ?? `${day.label}'s race cards cleared.` });
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    } catch (err) {
      toast({
        title: 'Upload Failed',
        description: `Clear Failed: ${errorMessage(err, 'Could not clear the race cards')}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      close();
    }
  }

  // The server clears the weekday tab of that London day by its own clock: say which, and what is
  // in it, from the lists read as the confirmation opened.
  function describe(t: ClearTarget<Day>) {
    const reading = whileReading(t, `which tab is ${t.key.label.toLowerCase()} and what it holds`);
    if (reading) return reading;
    const weekday = t.lists![t.key.key];
    return `${t.key.label} is ${weekdayName(weekday)}. ${whatIsLost(weekday, t.lists![weekday])}`;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Clear Specific Day</CardTitle>
        <CardDescription>
          Removes the weekday tab of yesterday, today or tomorrow (London days), with every race card in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {DAYS.map((d) => (
          <Button key={d.key} variant="outline" onClick={() => open(d)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {d.label}
          </Button>
        ))}
      </CardContent>
      <ConfirmDialog
        open={clearing !== null}
        title={clearing ? `Clear ${clearing.label}'s race cards?` : 'Clear'}
        description={target ? describe(target) : ''}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        destructive
        busy={busy}
        confirmDisabled={!target?.lists}
        onConfirm={() => target?.lists && void clear(target.key)}
        onCancel={close}
      />
    </Card>
  );
}
