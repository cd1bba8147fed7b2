import { useId, useState } from 'react';
import { londonDate } from '#shared/london-time';
import { RESULT_LINE_EXAMPLE } from '#shared/race-results';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useEnterResults, type EnterOutcome } from '../api';

/**
 * Step 6 of the race-card tab (issue 20): the day's results, pasted one race a line. Nothing is
 * saved unless every line reads and every race and horse is on that day's cards; the panel then
 * lists each problem by line. Saving settles the day's tips that have a result.
 */
export function StageResults() {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const [lines, setLines] = useState('');
  const [outcome, setOutcome] = useState<EnterOutcome | null>(null);
  const enter = useEnterResults();
  const dateId = useId();
  const linesId = useId();

  async function save() {
    setOutcome(null);
    try {
      const result = await enter.mutateAsync({ date, lines });
      setOutcome(result);
      if (result.ok) {
        toast({ title: 'Stage 6 Complete', description: result.answer.message });
        setLines('');
      } else toast({ title: 'Upload Failed', description: `Stage 6 Failed: ${result.refusal.message}`, variant: 'destructive' });
    } catch (err) {
      const message = errorMessage(err, 'The results were not saved');
      setOutcome({ ok: false, refusal: { message, unmatched: [] } });
      toast({ title: 'Upload Failed', description: `Stage 6 Failed: ${message}`, variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Race Results</CardTitle>
        <CardDescription>
          Stage 6: the day&apos;s results, one race a line — winner first, then the placed horses with their starting prices, then the non-runners. Tips in these races settle themselves; re-entering a
          race replaces its result.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={dateId}>Race day</Label>
          <Input id={dateId} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={linesId}>Results</Label>
          <textarea
            id={linesId}
            value={lines}
            rows={6}
            placeholder={RESULT_LINE_EXAMPLE}
            onChange={(e) => setLines(e.target.value)}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
        </div>
        <div>
          <Button onClick={() => void save()} disabled={!date || !lines.trim() || enter.isPending}>
            {enter.isPending ? 'Saving Results...' : 'Save Results'}
          </Button>
        </div>
        {outcome && <ResultsPanel outcome={outcome} />}
      </CardContent>
    </Card>
  );
}

function ResultsPanel({ outcome }: { outcome: EnterOutcome }) {
  return (
    <div role="status" data-testid="results-panel" className={cn('rounded-lg border p-4 text-sm', outcome.ok ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50')}>
      <p className={cn('font-bold', outcome.ok ? 'text-green-800' : 'text-red-800')}>{outcome.ok ? 'Stage 6 Complete' : 'Stage 6 Failed'}</p>
      <p className="mt-1 text-slate-800">{outcome.ok ? outcome.answer.message : outcome.refusal.message}</p>
      {outcome.ok ? (
        <ul className="mt-2 grid gap-1 text-slate-800">
          {outcome.answer.races.map((r) => (
            <li key={`${r.time} ${r.course}`}>
              <span className="font-semibold">
                {r.time} {r.course}
              </span>
              : {r.winner}
              {r.placed.length > 0 && `, ${r.placed.join(', ')}`}
              {r.nonRunners.length > 0 && ` — NR ${r.nonRunners.join(', ')}`}
              {r.replaced && ' (replaced)'}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-2 grid gap-1 text-slate-800">
          {outcome.refusal.unmatched.map((p, i) => (
            <li key={i}>
              Line {p.line} ({p.text}): {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
