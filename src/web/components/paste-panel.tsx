import { useId, useState, type ReactNode } from 'react';
import { londonDate } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import type { PasteOutcome } from '#web/lib/paste';

/** A saved race: its time and course name its line of the outcome. */
interface SavedRace {
  time: string;
  course: string;
}

interface PastePanelProps<A extends { message: string; races: readonly SavedRace[] }> {
  title: string;
  description: ReactNode;
  dateLabel: string;
  linesLabel: string;
  /** A line written as the paste expects it: the placeholder. */
  example: string;
  rows: number;
  /** The save button's words, and while saving. */
  saveLabel: string;
  savingLabel: string;
  /** The outcome's heading and toast title, saved and refused. */
  savedTitle: string;
  refusedTitle: string;
  /** A refusal's toast, when it reads otherwise than the heading (the stages' "Upload Failed", "Stage 6 Failed: …"). */
  refusedToast?: { title: string; prefix: string };
  /** Said when the request itself fails (network, server). */
  fallback: string;
  testId: string;
  send: (body: { date: string; lines: string }) => Promise<PasteOutcome<A>>;
  pending: boolean;
  /** What was saved in a race, after its name ("14:30 Ascot: …"). */
  savedRace: (race: A['races'][number]) => ReactNode;
}

/**
 * An analyst's paste for a race day (prices, results): the day, one race a line, and the outcome.
 * Nothing is saved unless every line reads and every race and horse is on that day's cards; a
 * refusal lists each problem by its line, and the lines stay for correcting.
 */
export function PastePanel<A extends { message: string; races: readonly SavedRace[] }>(props: PastePanelProps<A>) {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const [lines, setLines] = useState('');
  const [outcome, setOutcome] = useState<PasteOutcome<A> | null>(null);
  const dateId = useId();
  const linesId = useId();
  const hintId = useId();
  const refused = (message: string) =>
    toast({
      title: props.refusedToast?.title ?? props.refusedTitle,
      description: `${props.refusedToast?.prefix ?? ''}${message}`,
      variant: 'destructive',
    });

  async function save() {
    setOutcome(null);
    try {
      const result = await props.send({ date, lines });
      setOutcome(result);
      if (result.ok) {
        toast({ title: props.savedTitle, description: result.answer.message });
        setLines('');
      } else refused(result.refusal.message);
    } catch (err) {
      const message = errorMessage(err, props.fallback);
      setOutcome({ ok: false, refusal: { message, unmatched: [] } });
      refused(message);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription id={hintId}>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={dateId}>{props.dateLabel}</Label>
          <Input id={dateId} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={linesId}>{props.linesLabel}</Label>
          <textarea
            id={linesId}
            value={lines}
            rows={props.rows}
            placeholder={props.example}
            aria-describedby={hintId}
            onChange={(e) => setLines(e.target.value)}
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
        </div>
        <div>
          <Button onClick={() => void save()} disabled={!date || !lines.trim() || props.pending}>
            {props.pending ? props.savingLabel : props.saveLabel}
          </Button>
        </div>
        {outcome && (
          <div
            role="status"
            data-testid={props.testId}
            className={cn(
              'rounded-lg border p-4 text-sm',
              outcome.ok ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50',
            )}
          >
            <p className={cn('font-bold', outcome.ok ? 'text-green-800' : 'text-red-800')}>
              {outcome.ok ? props.savedTitle : props.refusedTitle}
            </p>
            <p className="mt-1 text-slate-800">{outcome.ok ? outcome.answer.message : outcome.refusal.message}</p>
            <ul className="mt-2 grid gap-1 text-slate-800">
              {outcome.ok
                ? outcome.answer.races.map((r) => (
                    <li key={`${r.time} ${r.course}`}>
                      <span className="font-semibold">
                        {r.time} {r.course}
                      </span>
                      : {props.savedRace(r)}
                    </li>
                  ))
                : outcome.refusal.unmatched.map((p, i) => (
                    <li key={i}>
                      Line {p.line} ({p.text}): {p.message}
                    </li>
                  ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
