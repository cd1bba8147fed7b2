import { useId, useState } from 'react';
import { betOutlayPence, formatPounds } from '#shared/my-bets';
import { Button } from '#web/components/ui/button';
import { Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useLogBet } from './api';

export interface BetTarget {
  raceDate: string;
  raceTime: string;
  course: string;
  horseName: string;
  /** The price shown where the bet is logged from (the member changes it to the price taken). */
  price: string;
  source: 'tip' | 'race-card' | 'generator' | 'manual';
}

/** Price taken, stake, each way: logs one bet to the member's own log (issue 20 item 6). */
export function LogBetForm({ target, onDone }: { target: BetTarget; onDone?: () => void }) {
  const [price, setPrice] = useState(target.price);
  const [stake, setStake] = useState('');
  const [eachWay, setEachWay] = useState(false);
  const log = useLogBet();
  const id = useId();
  const stakePence = Math.round(Number(stake) * 100);
  const outlay = stake.trim() && Number.isFinite(stakePence) && stakePence > 0 ? formatPounds(betOutlayPence({ stakePence, eachWay })) : null;

  function submit() {
    log.mutate(
      { raceDate: target.raceDate, raceTime: target.raceTime, course: target.course, horseName: target.horseName, price, stake: Number(stake), eachWay, source: target.source },
      {
        onSuccess: (result) => {
          toast({ title: 'Bet Logged', description: result.message });
          onDone?.();
        },
        onError: (err) => toast({ title: 'Bet Not Logged', description: errorMessage(err, 'Could not log the bet'), variant: 'destructive' }),
      },
    );
  }

  return (
    <form
      className="grid grid-cols-2 items-end gap-3 rounded-md bg-navy-50 p-3 sm:grid-cols-4"
      aria-label={`Log a bet on ${target.horseName}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-price`}>Price taken</Label>
        <Input id={`${id}-price`} value={price} onChange={(e) => setPrice(e.target.value)} placeholder="9/2" required />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-stake`}>{eachWay ? 'Stake per part (£)' : 'Stake (£)'}</Label>
        <Input id={`${id}-stake`} type="number" inputMode="decimal" min="0.01" step="0.01" value={stake} onChange={(e) => setStake(e.target.value)} aria-describedby={`${id}-outlay`} required />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-900">
        <input type="checkbox" checked={eachWay} onChange={(e) => setEachWay(e.target.checked)} className="h-4 w-4" />
        Each way
      </label>
      <Button type="submit" disabled={log.isPending || !price.trim() || !stake}>
        {log.isPending ? 'Logging...' : 'Log Bet'}
      </Button>
      {/* Each way is two bets of the stake (UK usage): "£2 e/w" is £2 win + £2 place, £4 laid out. */}
      <p id={`${id}-outlay`} className="col-span-full text-sm text-slate-800" aria-live="polite" data-testid="bet-outlay">
        {eachWay ? 'Each way: the stake is per part, one bet to win and one to place.' : 'A win bet.'}
        {outlay && ` Total outlay ${outlay}.`}
      </p>
    </form>
  );
}
