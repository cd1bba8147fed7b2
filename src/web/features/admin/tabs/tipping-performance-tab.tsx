import { useState, type FormEvent } from 'react';
import { Loader2, RefreshCw, Save } from 'lucide-react';
import { londonDate } from '../../../../shared/london-time';
import { raceLabel, TYPE_LABELS, type TipRecord, type TipRecordBody } from '../../../../shared/schemas/performance';
import { formatPoints, SELECTION_TYPES, TIP_RESULTS, type SelectionType, type TipResult } from '../../../../shared/tip-stats';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input, Label } from '../../../components/ui/input';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/request';
import { useAutoPopulate, usePerformanceHistory, useRecordTips, useSettleTip } from '../../performance/api';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** Spec 02 §2.6 B.4 "Tipping tool": Record New Tips and Performance History (decision 0006). */
export function TippingPerformanceTab() {
  const [tab, setTab] = useState('record');
  return (
    <Tabs
      label="Tipping Performance"
      value={tab}
      onValueChange={setTab}
      listClassName="sm:grid sm:grid-cols-2"
      items={[
        { value: 'record', label: 'Record New Tips', content: <RecordTips /> },
        { value: 'history', label: 'Performance History', content: <PerformanceHistory /> },
      ]}
    />
  );
}

const CARDS: Record<SelectionType, { title: string; odds: string }> = {
  nap: { title: 'NAP (Main Selection)', odds: '5/1' },
  nb: { title: 'NB (Next Best)', odds: '8/1' },
  longshot: { title: 'Longshot', odds: '20/1' },
};

interface Entry {
  horse: string;
  race: string;
  odds: string;
}
const EMPTY: Entry = { horse: '', race: '', odds: '' };
const emptyEntries = (): Record<SelectionType, Entry> => ({ nap: { ...EMPTY }, nb: { ...EMPTY }, longshot: { ...EMPTY } });

function RecordTips() {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const [entries, setEntries] = useState(emptyEntries);
  const recordTips = useRecordTips();

  function update(type: SelectionType, field: keyof Entry, value: string) {
    setEntries((e) => ({ ...e, [type]: { ...e[type], [field]: value } }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Spec 02 §5: only entries with both a horse name and a race are sent; odds may be empty.
    const bodies: TipRecordBody[] = SELECTION_TYPES.filter((type) => entries[type].horse.trim() && entries[type].race.trim()).map((type) => ({
      raceDate: date,
      raceTime: entries[type].race.trim(),
      raceLocation: 'Daily Tips',
      selectionName: entries[type].horse.trim(),
      selectionType: type,
      advisedOdds: entries[type].odds.trim(),
      startingPrice: null,
      result: null,
      profitLoss: null,
    }));
    if (bodies.length === 0) {
      toast({ variant: 'destructive', title: 'Failed to Save Tips', description: 'Fill in a horse name and a race for at least one selection.' });
      return;
    }
    recordTips.mutate(bodies, {
      onSuccess: ({ saved, failures }) => {
        // What was saved is cleared; what was refused stays in the form to fix.
        setEntries((e) => {
          const next = { ...e };
          for (const s of saved) next[s.selectionType] = { ...EMPTY };
          return next;
        });
        if (failures.length === 0) {
          toast({ title: 'Tips Recorded', description: 'Daily tips have been saved to the performance tracker.' });
        } else {
          const description = failures.map((f) => errorMessage(f.error, 'Could not save tips to database')).join(' ');
          toast({ variant: 'destructive', title: 'Failed to Save Tips', description });
        }
      },
      onError: (err) => toast({ variant: 'destructive', title: 'Failed to Save Tips', description: errorMessage(err, 'Could not save tips to database') }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Record New Tips</CardTitle>
          <CardDescription>Enter the day’s selections; each one with a horse and a race is added to the proofed record.</CardDescription>
        </CardHeader>
        <CardContent className="max-w-xs">
          <Field label="Tips Date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        {SELECTION_TYPES.map((type) => (
          <Card key={type} role="group" aria-labelledby={`tip-card-${type}`} className="min-w-0">
            <CardHeader>
              <CardTitle as="h4" size="md" id={`tip-card-${type}`}>
                {CARDS[type].title}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <Field label="Horse name" value={entries[type].horse} onChange={(e) => update(type, 'horse', e.target.value)} placeholder="Horse name" autoComplete="off" />
              <Field label="Race time/course" value={entries[type].race} onChange={(e) => update(type, 'race', e.target.value)} placeholder="2:30 Ascot" autoComplete="off" />
              <Field label="Advised odds" value={entries[type].odds} onChange={(e) => update(type, 'odds', e.target.value)} placeholder={CARDS[type].odds} autoComplete="off" />
            </CardContent>
          </Card>
        ))}
      </div>
      <div>
        <Button type="submit" disabled={recordTips.isPending}>
          {recordTips.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
          {recordTips.isPending ? 'Recording Tips...' : 'Record Daily Tips'}
        </Button>
      </div>
    </form>
  );
}

const ROW_TONES: Record<TipResult | 'pending', string> = {
  WON: 'bg-green-50',
  LOST: 'bg-red-50',
  PLACED: 'bg-red-50',
  NR: 'bg-slate-50',
  pending: 'bg-yellow-50',
};

const RESULT_TEXT: Record<TipResult | 'pending', string> = {
  WON: 'text-green-800',
  LOST: 'text-red-800',
  PLACED: 'text-red-800',
  NR: 'text-slate-700',
  pending: 'text-yellow-900',
};

function PerformanceHistory() {
  const history = usePerformanceHistory();
  const autoPopulate = useAutoPopulate();

  function populate() {
    autoPopulate.mutate(londonDate(new Date()), {
      onSuccess: (result) => toast({ title: 'Success', description: `Today's tips have been populated into performance tracking. ${result.message}` }),
      onError: (err) => toast({ variant: 'destructive', title: 'Error', description: `Failed to populate performance tracking: ${errorMessage(err, 'please try again')}` }),
    });
  }

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h3">Tipping Performance History</CardTitle>
        <Button variant="outline" onClick={populate} disabled={autoPopulate.isPending}>
          {autoPopulate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          Auto-Populate Today&apos;s Tips
        </Button>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p role="status" className="py-6 text-center text-slate-600">
            Loading performance history...
          </p>
        ) : history.isError ? (
          <p role="alert" className="py-6 text-center text-red-800">
            {errorMessage(history.error, 'Could not load the performance history.')}
          </p>
        ) : history.data.length === 0 ? (
          <p className="py-6 text-center text-slate-600">No tipping history found. Start by recording your first set of daily tips.</p>
        ) : (
          <ScrollRegion label="Tipping history" className="relative w-0 min-w-full">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">Date</th>
                  <th scope="col" className="px-3 py-2">Selection</th>
                  <th scope="col" className="px-3 py-2">Type</th>
                  <th scope="col" className="px-3 py-2">Race</th>
                  <th scope="col" className="px-3 py-2">Advised Odds</th>
                  <th scope="col" className="px-3 py-2">Result</th>
                  <th scope="col" className="px-3 py-2">P/L</th>
                  <th scope="col" className="px-3 py-2">Settle</th>
                </tr>
              </thead>
              <tbody>
                {history.data.map((record) => (
                  <HistoryRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}

export function TypeBadge({ type }: { type: SelectionType }) {
  const tones: Record<SelectionType, string> = {
    nap: 'bg-navy-900 text-white',
    nb: 'bg-gold-300 text-navy-950',
    longshot: 'bg-slate-200 text-slate-900',
  };
  return <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-bold tracking-wide', tones[type])}>{TYPE_LABELS[type]}</span>;
}

function HistoryRow({ record }: { record: TipRecord }) {
  const state = record.result ?? 'pending';
  const [result, setResult] = useState<TipResult>(record.result ?? 'WON');
  const [sp, setSp] = useState(record.startingPrice ?? '');
  const settle = useSettleTip();
  const name = record.selectionName;

  function submit(event: FormEvent) {
    event.preventDefault();
    settle.mutate(
      { id: record.id, result, startingPrice: sp.trim() || undefined },
      {
        onSuccess: (r) => toast({ title: 'Tip Settled', description: r.message }),
        onError: (err) => toast({ variant: 'destructive', title: 'Settle Failed', description: errorMessage(err, 'Could not settle the tip') }),
      },
    );
  }

  return (
    <tr className={cn('border-b border-slate-200 align-middle', ROW_TONES[state])} data-testid={`tip-row-${record.id}`}>
      <td className="whitespace-nowrap px-3 py-2">{record.raceDate}</td>
      <th scope="row" className="px-3 py-2 font-semibold text-navy-900">{name}</th>
      <td className="px-3 py-2">
        <TypeBadge type={record.selectionType} />
      </td>
      <td className="px-3 py-2">{raceLabel(record) || '—'}</td>
      <td className="px-3 py-2">{record.advisedOdds || '—'}</td>
      <td className={cn('px-3 py-2 font-bold', RESULT_TEXT[state])}>
        {record.result ?? 'Pending'}
        {record.startingPrice && <span className="block text-xs font-normal text-slate-700">SP {record.startingPrice}</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">{record.profitLoss === null ? '—' : formatPoints(record.profitLoss)}</td>
      <td className="px-3 py-2">
        <form onSubmit={submit} className="flex items-center gap-2">
          <Label className="sr-only" htmlFor={`result-${record.id}`}>
            Result for {name}
          </Label>
          <select
            id={`result-${record.id}`}
            value={result}
            onChange={(e) => setResult(e.target.value as TipResult)}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm sm:min-h-9"
          >
            {TIP_RESULTS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <Label className="sr-only" htmlFor={`sp-${record.id}`}>
            Starting price for {name}
          </Label>
          <Input id={`sp-${record.id}`} value={sp} onChange={(e) => setSp(e.target.value)} placeholder="SP" className="min-h-11 w-20 sm:min-h-9" autoComplete="off" />
          <Button type="submit" size="sm" variant={record.result ? 'outline' : 'primary'} disabled={settle.isPending} aria-label={`${record.result ? 'Correct' : 'Settle'} ${name}`}>
            {record.result ? 'Correct' : 'Settle'}
          </Button>
        </form>
      </td>
    </tr>
  );
}
