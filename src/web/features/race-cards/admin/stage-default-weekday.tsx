import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { WEEKDAYS, type Weekday, weekdayName } from '#shared/london-time';
import { isOneOf } from '#shared/unknown-values';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/input';
import { DEFAULT_WEEKDAY_KEY, RACE_CARDS_METADATA_KEY, useDefaultWeekday } from '../api';
import type { UploadResult } from '../upload';
import { runStageAction } from './run-action';
import { StagePanel } from './stage-panel';

/** Stage 4: the weekday tab the race cards open on. */
export function StageDefaultWeekday() {
  const queryClient = useQueryClient();
  const current = useDefaultWeekday();
  const [weekday, setWeekday] = useState<Weekday | ''>('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);
  const id = useId();

  async function save() {
    if (!weekday) return;
    setBusy(true);
    setResult(null);
    const answer = await runStageAction(4, 'POST', '/api/admin-settings/default-weekday', {
      weekday: weekdayName(weekday),
    });
    setBusy(false);
    setResult(answer);
    if (answer.success) {
      void queryClient.invalidateQueries({ queryKey: DEFAULT_WEEKDAY_KEY });
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Weekday</CardTitle>
        <CardDescription>
          Stage 4: the weekday tab members see first. Current:{' '}
          <span className="font-semibold text-navy-900">{current.data ?? 'Thursday'}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>Default weekday</Label>
          <select
            id={id}
            value={weekday}
            onChange={(e) => {
              const day = e.target.value;
              setWeekday(isOneOf(WEEKDAYS, day) ? day : '');
              setResult(null);
            }}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-xs"
          >
            <option value="">Choose a weekday</option>
            {WEEKDAYS.map((d) => (
              <option key={d} value={d}>
                {weekdayName(d)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button onClick={() => void save()} disabled={!weekday || busy}>
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Saving...' : 'Set Default Weekday'}
          </Button>
        </div>
        {result && <StagePanel stage={4} result={result} />}
      </CardContent>
    </Card>
  );
}
