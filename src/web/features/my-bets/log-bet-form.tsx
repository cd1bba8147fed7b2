import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { betOutlayPence, formatPounds } from '#shared/my-bets';
import { newBetBody } from '#shared/schemas/my-bets';
import { Button } from '#web/components/ui/button';
import { FieldError, Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
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

const notLogged = (description: string) => toast({ title: 'Bet Not Logged', description, variant: 'destructive' });

/** Price taken, stake, each way: logs one bet to the member's own log, checked by the server's schema. */
export function LogBetForm({ target, onDone }: { target: BetTarget; onDone?: () => void }) {
  const log = useLogBet();
  const id = useId();
  // The race and horse come from where the bet is logged; the member types the price, stake and each way.
  const form = useSchemaForm(newBetBody, { ...target, stake: '', eachWay: false });
  const { errors } = form.formState;
  const [price, stake, eachWay] = useWatch({ control: form.control, name: ['price', 'stake', 'eachWay'] });
  const stakeText = typeof stake === 'string' || typeof stake === 'number' ? String(stake) : '';
  const stakePence = Math.round(Number(stakeText) * 100);
  const outlay =
    stakeText.trim() && Number.isFinite(stakePence) && stakePence > 0
      ? formatPounds(betOutlayPence({ stakePence, eachWay: eachWay === true }))
      : null;

  const submit = form.handleSubmit(
    (body) =>
      log.mutate(body, {
        onSuccess: (result) => {
          toast({ title: 'Bet Logged', description: result.message });
          onDone?.();
        },
        onError: (err) => notLogged(errorMessage(err, 'Could not log the bet')),
      }),
    // The first thing the server would refuse, as it would say it (the race and horse have no field of their own).
    (invalid) => notLogged(Object.values(invalid).find((e) => e?.message)?.message ?? 'Could not log the bet'),
  );

  return (
    <form
      className="grid grid-cols-2 items-end gap-3 rounded-md bg-navy-50 p-3 sm:grid-cols-4"
      aria-label={`Log a bet on ${target.horseName}`}
      onSubmit={(e) => void submit(e)}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-price`}>Price taken</Label>
        <Input
          id={`${id}-price`}
          placeholder="9/2"
          required
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? `${id}-price-error` : undefined}
          {...form.register('price')}
        />
        {errors.price?.message && <FieldError id={`${id}-price-error`}>{errors.price.message}</FieldError>}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-stake`}>{eachWay ? 'Stake per part (£)' : 'Stake (£)'}</Label>
        <Input
          id={`${id}-stake`}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          required
          aria-invalid={errors.stake ? true : undefined}
          aria-describedby={errors.stake ? `${id}-stake-error ${id}-outlay` : `${id}-outlay`}
          {...form.register('stake')}
        />
        {errors.stake?.message && <FieldError id={`${id}-stake-error`}>{errors.stake.message}</FieldError>}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-900">
        <input type="checkbox" className="h-4 w-4" {...form.register('eachWay')} />
        Each way
      </label>
      <Button type="submit" disabled={log.isPending || !String(price ?? '').trim() || !stakeText}>
        {log.isPending ? 'Logging...' : 'Log Bet'}
      </Button>
      {/* Each way is two bets of the stake (UK usage): "£2 e/w" is £2 win + £2 place, £4 laid out. */}
      <p
        id={`${id}-outlay`}
        className="col-span-full text-sm text-slate-800"
        aria-live="polite"
        data-testid="bet-outlay"
      >
        {eachWay ? 'Each way: the stake is per part, one bet to win and one to place.' : 'A win bet.'}
        {outlay && ` Total outlay ${outlay}.`}
      </p>
    </form>
  );
}
