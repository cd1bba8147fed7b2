import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import { addDays, formatShortDay, londonDate, weekdayOf } from '#shared/london-time';
import { RACE_CARDS_METADATA_KEY, useRaceCardsMetadata } from '../api';
import { whatIsLost } from './what-is-lost';

const DAYS = [
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'today', label: 'Today' },
  { key: 'tomorrow', label: 'Tomorrow' },
] as const;
type Day = (typeof DAYS)[number];

/** Clear Specific Day: the races of yesterday, today or tomorrow (by London date), each behind a confirmation. */
export function ClearSpecificDay() {
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState<Day | null>(null);
  const [busy, setBusy] = useState(false);
  const metadata = useRaceCardsMetadata();

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
      setClearing(null);
    }
  }

  // The server clears the weekday tab of that London day: say which, and what is in it now.
  function describe(day: Day) {
    const date = addDays(londonDate(new Date()), { yesterday: -1, today: 0, tomorrow: 1 }[day.key]);
    const weekday = weekdayOf(date);
    return `${day.label} is ${formatShortDay(date)}. ${whatIsLost(weekday, metadata.data?.[weekday] ?? [])}`;
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
          <Button key={d.key} variant="outline" onClick={() => setClearing(d)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {d.label}
          </Button>
        ))}
      </CardContent>
      <ConfirmDialog
        open={clearing !== null}
        title={clearing ? `Clear ${clearing.label}'s race cards?` : 'Clear'}
        description={clearing ? describe(clearing) : ''}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        destructive
        busy={busy}
        onConfirm={() => clearing && void clear(clearing)}
        onCancel={() => setClearing(null)}
      />
    </Card>
  );
}
