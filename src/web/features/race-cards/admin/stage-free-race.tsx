import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { WEEKDAYS, weekdayName } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/input';
import { getJson } from '#web/lib/request';
import { RACE_CARDS_METADATA_KEY, useDefaultWeekday, useRaceCardsMetadata } from '../api';
import type { UploadResult } from '../upload';
import { runStageAction } from './run-action';
import { StagePanel } from './stage-panel';

const FREE_RACE_TODAY_KEY = ['free-race', 'today'] as const;

interface FreeRaceToday {
  freeRace: { raceTime: string; course: string; weekday: string } | null;
}

/** Today's nominated free race (stage 5), or null. */
export function useFreeRaceToday() {
  return useQuery({ queryKey: FREE_RACE_TODAY_KEY, queryFn: () => getJson<FreeRaceToday>('/api/free-race/today') });
}

/** After the cards change, stage 5 shows at once whether today's free race is still there. */
export function useRefreshFreeRace() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: FREE_RACE_TODAY_KEY });
}

/** Stage 5: nominate today's free race from the default weekday's races. */
export function StageFreeRace() {
  const queryClient = useQueryClient();
  const metadata = useRaceCardsMetadata();
  const defaultWeekday = useDefaultWeekday();
  const today = useFreeRaceToday();
  const [raceId, setRaceId] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);
  const id = useId();
  const day = defaultWeekday.data ?? 'Thursday';
  const key = WEEKDAYS.find((w) => w === day.toLowerCase());
  const races = (key && metadata.data?.[key]) || [];
  const race = races.find((r) => String(r.id) === raceId);
  const current = today.data?.freeRace;

  async function nominate() {
    if (!race) return;
    setBusy(true);
    setResult(null);
    const answer = await runStageAction(5, 'POST', '/api/free-race/nominate', {
      raceTime: race.time,
      course: race.course,
      weekday: day.toLowerCase(),
    });
    setBusy(false);
    setResult(answer);
    if (answer.success) {
      void queryClient.invalidateQueries({ queryKey: FREE_RACE_TODAY_KEY });
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Free Race Nomination</CardTitle>
        <CardDescription>
          Stage 5: today&apos;s free race, chosen from the {weekdayName(day)} races.{' '}
          {current ? `Current: ${current.raceTime} ${current.course}.` : 'None nominated today.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {races.length === 0 ? (
          <p className="text-sm text-slate-700">No races available for {weekdayName(day)}</p>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Free race</Label>
            <select
              id={id}
              value={raceId}
              onChange={(e) => {
                setRaceId(e.target.value);
                setResult(null);
              }}
              className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-md"
            >
              <option value="">Choose a race</option>
              {races.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.time} {r.course}
                  {r.title ? ` – ${r.title}` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <Button onClick={() => void nominate()} disabled={!race || busy}>
            <Star aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Nominating...' : 'Nominate Free Race'}
          </Button>
        </div>
        {result && <StagePanel stage={5} result={result} />}
      </CardContent>
    </Card>
  );
}
