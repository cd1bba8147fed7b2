import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Save } from 'lucide-react';
import { type Weekday, weekdayName } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import { RACE_CARDS_METADATA_KEY } from '../api';
import { useReprocessWorkbook } from './reprocess-workbook';

/**
 * The admin's "horse summaries and morning odds" sub-section: odds pasted as
 * "Horse: odds" lines for the chosen weekday (POST /api/vbg-race-cards/morning-odds), and a
 * re-process of the last stored master workbook, confirmed after a dry run (reprocess-workbook.tsx).
 * Summaries themselves come from column AQ of the workbook (stages 1 and 3).
 */
export function HorseSummariesAndOdds({ weekday }: { weekday: Weekday }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'odds' | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const reprocess = useReprocessWorkbook(setOutcome);
  const working = busy !== null || reprocess.busy !== null;
  const day = weekdayName(weekday);

  async function updateOdds() {
    setBusy('odds');
    setOutcome(null);
    try {
      const body = await apiJson<{ message: string; popupMessage?: string }>(
        'POST',
        '/api/vbg-race-cards/morning-odds',
        { tabType: weekday, morningOdds: text },
      );
      setOutcome(body.popupMessage ?? body.message);
      toast({ title: 'Morning Odds Updated', description: body.message });
    } catch (err) {
      toast({
        title: 'Update Failed',
        description: errorMessage(err, 'Failed to update morning odds'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Horse Summaries &amp; Morning Odds</CardTitle>
        <CardDescription>
          Summaries come from column AQ and odds from column AS of the master workbook. Correct odds for {day} here
          without a new upload, or re-process the last stored workbook.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MorningOddsField day={day} text={text} onChange={setText} />
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void updateOdds()} disabled={working || text.trim() === ''}>
            <Save aria-hidden="true" className="h-4 w-4" />
            {busy === 'odds' ? 'Updating...' : 'Update Morning Odds'}
          </Button>
          <Button variant="outline" onClick={reprocess.start} disabled={working}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {reprocess.busy === 'checking'
              ? 'Checking...'
              : reprocess.busy === 'reprocessing'
                ? 'Re-processing...'
                : 'Re-process Last Workbook'}
          </Button>
        </div>
        {outcome && (
          <p role="status" className="whitespace-pre-line rounded-md bg-slate-100 p-3 text-sm text-slate-800">
            {outcome}
          </p>
        )}
        {reprocess.dialog}
      </CardContent>
    </Card>
  );
}

/** The pasted "Horse: odds" lines, one runner a line. */
function MorningOddsField({ day, text, onChange }: { day: string; text: string; onChange: (text: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Morning odds for {day}</Label>
      <textarea
        id={id}
        rows={6}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        placeholder={'Galopin Des Champs: 11/4\nFact To File: 6.5\nShishkin: NR'}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
      />
      <p className="text-xs text-slate-600">
        One runner per line: the horse&apos;s name, a colon, then odds such as 5/1, 6.5 or evs (NR for a non-runner).
      </p>
    </div>
  );
}
