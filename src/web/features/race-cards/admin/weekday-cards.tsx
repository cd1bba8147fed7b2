import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { WEEKDAYS, formatShortDay, type Weekday, weekdayName } from '#shared/london-time';
import type { RaceCardsMetadata } from '#shared/schemas/race-cards';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import { RACE_CARDS_METADATA_KEY } from '../api';
import { type ClearTarget, useClearTarget } from './clear-target';
import { whatIsLost, whileReading } from './what-is-lost';

export const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/** The cards stored for each weekday tab, each day clearable after a confirmation saying what goes. */
export function WeekdayCards({ metadata }: { metadata: RaceCardsMetadata | undefined }) {
  const queryClient = useQueryClient();
  const { target, open, close } = useClearTarget<Weekday>();
  const clearing = target?.key ?? null;
  const [clearBusy, setClearBusy] = useState(false);
  const count = (d: Weekday) => metadata?.[d]?.length ?? 0;
  const dateOf = (d: Weekday) => metadata?.[d]?.[0]?.raceDate;

  async function clearDay(day: Weekday) {
    setClearBusy(true);
    try {
      const body = await apiJson<{ message?: string }>('DELETE', `/api/vbg-race-cards/clear-weekday/${day}`);
      toast({ title: 'Cleared', description: body?.message ?? `${weekdayName(day)} race cards cleared.` });
    } catch (err) {
      toast({
        title: 'Clear Failed',
        description: `Clear Failed: ${errorMessage(err, 'Could not clear the race cards')}`,
        variant: 'destructive',
      });
    } finally {
      setClearBusy(false);
      close();
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  // Counted from the lists read as the confirmation opened: the tab as the server will clear it.
  const describe = (t: ClearTarget<Weekday>) =>
    whileReading(t, `what the ${weekdayName(t.key)} tab holds`) ?? whatIsLost(t.key, t.lists![t.key]);

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Race Cards by Weekday</CardTitle>
          <CardDescription>Cards stored for each weekday tab. Clearing a day removes all of its races.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {WEEKDAYS.map((d) => (
              <WeekdayRow key={d} day={d} count={count(d)} date={dateOf(d)} onClear={() => open(d)} />
            ))}
          </ul>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={clearing !== null}
        title={clearing ? `Clear ${weekdayName(clearing)}?` : 'Clear'}
        description={target ? describe(target) : ''}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        destructive
        busy={clearBusy}
        confirmDisabled={!target?.lists}
        onConfirm={() => target?.lists && void clearDay(target.key)}
        onCancel={close}
      />
    </>
  );
}

/** One weekday tab: its cards' day and number, and clearing them. */
function WeekdayRow({
  day,
  count,
  date,
  onClear,
}: {
  day: Weekday;
  count: number;
  date: string | undefined;
  onClear: () => void;
}) {
  return (
    <li className="flex min-h-11 items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
      <span>
        <span className="font-semibold text-navy-900">{weekdayName(day)}</span>{' '}
        <span className="text-sm text-slate-600">
          {date ? `${formatShortDay(date, false)} · ` : ''}
          {cards(count)}
        </span>
      </span>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Clear ${weekdayName(day)}`}
        disabled={count === 0}
        onClick={onClear}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Clear
      </Button>
    </li>
  );
}
