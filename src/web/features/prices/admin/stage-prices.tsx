import { useId, useState } from 'react';
import { londonDate } from '#shared/london-time';
import { PRICE_LINE_EXAMPLE } from '#shared/price-lines';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useSavePrices, type PricesOutcome } from '../api';

/**
 * Price changes through the day, pasted one race a line. Nothing is saved unless every line reads
 * and every race and horse is on that day's cards; the panel then lists each problem by line.
 * Saved prices become the cards' current prices and every member's open page reloads.
 */
export function StagePrices() {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const [lines, setLines] = useState('');
  const [outcome, setOutcome] = useState<PricesOutcome | null>(null);
  const save = useSavePrices();
  const dateId = useId();
  const linesId = useId();
  const hintId = useId();

  async function submit() {
    setOutcome(null);
    try {
      const result = await save.mutateAsync({ date, lines });
      setOutcome(result);
      if (result.ok) {
        toast({ title: 'Prices Saved', description: result.answer.message });
        setLines('');
      } else toast({ title: 'Prices Not Saved', description: result.refusal.message, variant: 'destructive' });
    } catch (err) {
      const message = errorMessage(err, 'The prices were not saved');
      setOutcome({ ok: false, refusal: { message, unmatched: [] } });
      toast({ title: 'Prices Not Saved', description: message, variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Prices</CardTitle>
        <CardDescription id={hintId}>
          Prices as they move through the day, one race a line: each horse with its price (9/2, evs or 5.5). They become the cards&apos; current prices — the value scores, &ldquo;value down to&rdquo;
          and the value board follow — and every earlier price is kept. Example: <span className="font-mono">{PRICE_LINE_EXAMPLE}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={dateId}>Price day</Label>
          <Input id={dateId} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={linesId}>Prices</Label>
          <textarea
            id={linesId}
            value={lines}
            rows={5}
            placeholder={PRICE_LINE_EXAMPLE}
            aria-describedby={hintId}
            onChange={(e) => setLines(e.target.value)}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
        </div>
        <div>
          <Button onClick={() => void submit()} disabled={!date || !lines.trim() || save.isPending}>
            {save.isPending ? 'Saving Prices...' : 'Save Prices'}
          </Button>
        </div>
        {outcome && <PricesPanel outcome={outcome} />}
      </CardContent>
    </Card>
  );
}

function PricesPanel({ outcome }: { outcome: PricesOutcome }) {
  return (
    <div role="status" data-testid="prices-panel" className={cn('rounded-lg border p-4 text-sm', outcome.ok ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50')}>
      <p className={cn('font-bold', outcome.ok ? 'text-green-800' : 'text-red-800')}>{outcome.ok ? 'Prices Saved' : 'Prices Not Saved'}</p>
      <p className="mt-1 text-slate-800">{outcome.ok ? outcome.answer.message : outcome.refusal.message}</p>
      {outcome.ok ? (
        <ul className="mt-2 grid gap-1 text-slate-800">
          {outcome.answer.races.map((r) => (
            <li key={`${r.time} ${r.course}`}>
              <span className="font-semibold">
                {r.time} {r.course}
              </span>
              : {r.runners} {r.runners === 1 ? 'runner' : 'runners'}
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
