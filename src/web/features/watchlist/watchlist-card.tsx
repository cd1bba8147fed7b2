import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { formatShortDay } from '#shared/london-time';
import { runnerCardUrl } from '#shared/runner-link';
import type { CurrentUser } from '#shared/schemas/auth';
import { HORSE_NAME_MAX, type WatchedHorse, type WatchedRun } from '#shared/schemas/watchlist';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';
import { errorMessage } from '#web/lib/request';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { valueDownToText } from '../odds-preference/value-down-to';
import { useToggleWatch, useWatchlist } from './api';

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** How the run went, in words: "Won", "Placed 2nd", "Unplaced", "Non-runner", or "Off — awaiting result". */
function runOutcome(run: WatchedRun): string {
  if (run.result?.finish === 'won') return 'Won';
  if (run.result?.finish === 'placed') return run.result.position ? `Placed ${ordinal(run.result.position)}` : 'Placed';
  if (run.result?.finish === 'ran') return 'Unplaced';
  if (run.nonRunner) return 'Non-runner';
  return 'Off — awaiting result';
}

/** Where a watched horse runs next: day, time and course linking to its runner on the race card, and its figures there. */
function NextRun({ horse }: { horse: WatchedHorse }) {
  const odds = useFormatOdds();
  const format = useOddsFormat();
  const run = horse.nextRun;
  if (!run) return <p className="text-sm text-slate-600">No run declared yet</p>;
  const figures = [
    run.vbRating !== null && `VB rating ${run.vbRating}`,
    run.price !== null && `price ${odds(run.priceText || run.price)}`,
    run.valueDownTo && `value down to ${valueDownToText(run.valueDownTo, format)}`,
    run.result?.startingPrice && `SP ${odds(run.result.startingPrice)}`,
  ].filter(Boolean);
  return (
    <div className="grid gap-0.5 text-sm text-slate-800">
      <p className="flex flex-wrap items-center gap-x-2">
        <span>{run.off ? 'Today' : 'Next run'}:</span>
        <Link
          to={runnerCardUrl(run)}
          className="font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
        >
          {formatShortDay(run.date)}, {run.time} {run.course}
        </Link>
        {(run.result || run.nonRunner || run.off) && (
          <span
            data-testid="watched-result"
            className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-bold text-navy-900"
          >
            {runOutcome(run)}
          </span>
        )}
      </p>
      {run.title && <p className="text-slate-600">{run.title}</p>}
      {figures.length > 0 && <p className="text-slate-700">{figures.join(' · ')}</p>}
    </div>
  );
}

/** "Watch list" on My Account (members): each starred horse, where it runs next, a remove button, and a way to add one not declared yet. */
export function WatchlistCard({ user }: { user: CurrentUser }) {
  const member = user.role === 'admin' || user.hasMemberAccess;
  if (!member) return null;
  return <Watchlist />;
}

function Watchlist() {
  const list = useWatchlist();
  const { star, unstar } = useToggleWatch();
  const [name, setName] = useState('');
  const horses = list.data?.horses ?? [];

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!name.trim()) return;
    star.mutate(name.trim(), { onSuccess: () => setName('') });
  }

  return (
    <Card className="mt-6" id="watch-list">
      <CardHeader>
        <CardTitle>Watch List</CardTitle>
        <CardDescription>Horses you starred, and where each runs next when the race cards have it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(list.error, 'Could not load your watch list. Please try again.')}
          </p>
        ) : horses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
            No horses yet. Star a horse on a race card, the value board or a tip (or add one by name below) to follow it
            here.
          </p>
        ) : (
          <ul aria-label="Watched horses" className="grid divide-y divide-slate-200 rounded-lg border border-slate-200">
            {horses.map((horse) => (
              <li key={horse.id} aria-label={horse.horseName} className="flex items-start gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-navy-900">{horse.horseName}</p>
                  <NextRun horse={horse} />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${horse.horseName} from your watch list`}
                  disabled={horse.id < 0}
                  onClick={() => unstar.mutate(horse)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onSubmit} className="grid gap-1.5">
          <div className="flex flex-wrap items-end gap-2">
            <Field
              label="Watch a horse by name"
              aria-describedby="watch-by-name-hint"
              value={name}
              maxLength={HORSE_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="outline" disabled={star.isPending || !name.trim()}>
              Watch
            </Button>
          </div>
          <p id="watch-by-name-hint" className="text-xs text-slate-600">
            For a horse not declared yet: it shows its next run once a race card has it.
          </p>
        </form>
        {list.data && <p className="text-xs text-slate-600">{`${horses.length} of ${list.data.cap} horses.`}</p>}
      </CardContent>
    </Card>
  );
}
