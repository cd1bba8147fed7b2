import { useEffect, useMemo, useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import { betOutlayPence, betsCsv, formatPounds } from '#shared/my-bets';
import type { MyBet, MyBetsResponse } from '#shared/schemas/my-bets';
import type { RunningPoint } from '#shared/tip-stats';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { EmptyCard, QueryView } from '#web/components/ui/query-view';
import { Stat } from '#web/components/ui/stat';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useFormatOdds } from '../odds-preference/use-odds';
import { PlChart } from '../performance/pl-chart';
import { useDeleteBet, useMyBets } from './api';
import { EachWayNotice } from './each-way-notice';
import { LogBetForm } from './log-bet-form';

const tone = (p: number | null) =>
  p === null ? 'text-slate-700' : p > 0 ? 'text-green-800' : p < 0 ? 'text-red-800' : 'text-slate-800';
const STATUS: Record<MyBet['status'], string> = {
  pending: 'Pending',
  won: 'Won',
  placed: 'Placed',
  lost: 'Lost',
  nr: 'Non-runner',
};

function downloadCsv(bets: MyBet[]) {
  const blob = new Blob([betsCsv(bets)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `my-bets-${londonDate(new Date())}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The member's own bet log: private, settled from the results. */
export function MyBetsPage() {
  const bets = useMyBets();
  useEffect(() => {
    document.title = 'My Bets — VBG';
  }, []);
  return (
    <>
      <PageHeader title="My Bets" subtitle="Your own bets, settled from the day's results: only you can see them." />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        <EachWayNotice />
        <QueryView
          query={bets}
          loadingLabel="Loading your bets"
          errorText="Could not load your bets. Please try again."
          isEmpty={(data) => data.bets.length === 0}
          empty={<EmptyCard>No bets logged yet. Log one from a race card, or below.</EmptyCard>}
        >
          {(data) => <BetsBody data={data} />}
        </QueryView>
        <ManualBet />
      </div>
    </>
  );
}

function BetsBody({ data }: { data: MyBetsResponse }) {
  // The record's P/L line, in pounds.
  const series: RunningPoint[] = useMemo(
    () =>
      data.series.map((p) => ({
        id: p.id,
        raceDate: p.raceDate,
        selectionName: p.horseName,
        selectionType: 'bet',
        result: 'WON',
        profitLoss: p.profitPence / 100,
        cumulative: p.cumulativePence / 100,
      })),
    [data.series],
  );
  const { stats } = data;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Stat
          label="Profit / loss"
          value={formatPounds(stats.profitPence)}
          tone={tone(stats.profitPence)}
          testId="bets-pl"
        />
        <Stat label="Total staked" value={formatPounds(stats.stakedPence)} testId="bets-staked" />
        <Stat label="ROI" value={`${stats.roi}%`} testId="bets-roi" />
        <Stat label="Strike rate" value={`${stats.strikeRate}%`} testId="bets-strike-rate" />
        <Stat label="Bets (settled)" value={`${stats.bets} (${stats.settled})`} testId="bets-count" />
      </dl>
      {series.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Running profit and loss (£)</CardTitle>
          </CardHeader>
          <CardContent>
            <PlChart series={series} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle>Every bet</CardTitle>
            <Button size="sm" variant="outline" onClick={() => downloadCsv(data.bets)}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <BetsTable bets={data.bets} />
        </CardContent>
      </Card>
    </>
  );
}

/** Every bet of the log, newest first, each deletable. */
function BetsTable({ bets }: { bets: MyBet[] }) {
  const remove = useDeleteBet();
  const onDelete = (b: MyBet) =>
    remove.mutate(b.id, {
      onSuccess: () => toast({ title: 'Bet Deleted', description: `${b.horseName} removed from your log.` }),
      onError: (err) =>
        toast({
          title: 'Delete Failed',
          description: errorMessage(err, 'Could not delete the bet'),
          variant: 'destructive',
        }),
    });
  return (
    <ScrollRegion label="Every bet" className="relative w-0 min-w-full">
      <table
        className="w-full text-sm sm:min-w-[44rem] [&_td]:px-1 [&_td]:py-2 [&_th]:px-1 [&_th]:py-2 sm:[&_td]:px-3 sm:[&_th]:px-3"
        data-testid="bets-table"
      >
        <thead className="border-b border-slate-300 text-left text-slate-700">
          <tr>
            <th scope="col" className="hidden sm:table-cell">
              Race
            </th>
            <th scope="col">Horse</th>
            <th scope="col">Price</th>
            <th scope="col">Stake</th>
            <th scope="col">Result</th>
            <th scope="col">Profit</th>
            <th scope="col">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bets.map((b) => (
            <BetRow key={b.id} bet={b} deleting={remove.isPending} onDelete={() => onDelete(b)} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function BetRow({ bet: b, deleting, onDelete }: { bet: MyBet; deleting: boolean; onDelete: () => void }) {
  const odds = useFormatOdds();
  return (
    <tr className="border-b border-slate-200">
      <td className="hidden whitespace-nowrap sm:table-cell">
        {b.raceDate} {b.raceTime} {b.course}
      </td>
      <th scope="row" className="text-left font-semibold text-navy-900">
        {b.horseName}
        {/* On a phone the race goes under the horse: no column to scroll to. */}
        <span className="block text-xs font-normal text-slate-700 sm:hidden">
          {b.raceDate} {b.raceTime} {b.course}
        </span>
      </th>
      <td>{odds(b.price)}</td>
      <td className="sm:whitespace-nowrap">
        {formatPounds(b.stakePence)}
        {/* "£2.00 e/w" is £2 a part: the money laid out is shown beside it (below it on a phone). */}
        {b.eachWay && (
          <>
            {' '}
            e/w <span className="block text-slate-700 sm:inline">({formatPounds(betOutlayPence(b))} total)</span>
          </>
        )}
      </td>
      <td className="font-semibold">{STATUS[b.status]}</td>
      <td className={cn('whitespace-nowrap font-semibold tabular-nums', tone(b.profitPence))}>
        {b.profitPence === null ? '—' : formatPounds(b.profitPence)}
      </td>
      <td className="text-right">
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Delete bet on ${b.horseName}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </td>
    </tr>
  );
}

/** A bet from anywhere else: the race and horse typed in. */
function ManualBet() {
  const [race, setRace] = useState({ raceDate: '', raceTime: '', course: '', horseName: '' });
  const [key, setKey] = useState(0);
  const set = (field: keyof typeof race) => (e: { target: { value: string } }) =>
    setRace((r) => ({ ...r, [field]: e.target.value }));
  const ready = Object.values(race).every((v) => v.trim());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Log a bet</CardTitle>
        <CardDescription>Or use “Log bet” on a race card.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="grid gap-1">
            <Label htmlFor="bet-date">Race day</Label>
            <Input id="bet-date" type="date" value={race.raceDate} onChange={set('raceDate')} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="bet-time">Time</Label>
            <Input id="bet-time" value={race.raceTime} onChange={set('raceTime')} placeholder="14:10" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="bet-course">Course</Label>
            <Input id="bet-course" value={race.course} onChange={set('course')} placeholder="Ascot" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="bet-horse">Horse</Label>
            <Input id="bet-horse" value={race.horseName} onChange={set('horseName')} />
          </div>
        </div>
        {ready && (
          <LogBetForm
            key={key}
            target={{ ...race, price: '', source: 'manual' }}
            onDone={() => {
              setRace({ raceDate: '', raceTime: '', course: '', horseName: '' });
              setKey((k) => k + 1);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
