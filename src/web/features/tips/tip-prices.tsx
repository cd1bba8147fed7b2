import { useQuery } from '@tanstack/react-query';
import { londonClock, londonDate } from '#shared/london-time';
import { formatOdds, tipValue } from '#shared/odds-format';
import { nameKey, raceOfTip, TIP_RESULT_OF_FINISH } from '#shared/race-results';
import type { RaceSummary } from '#shared/schemas/race-cards';
import type { HistoricalTips } from '#shared/schemas/tips';
import { SELECTION_LABELS, SELECTION_TYPES } from '#shared/tip-stats';
import { parseTipText } from '#shared/tip-text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useNow } from '#web/lib/now';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { valueDownToText } from '../odds-preference/value-down-to';
import { fetchRace, RACE_CARD_KEY, useRaceCardsMetadata } from '../race-cards/api';
import { ResultBadge } from '../race-cards/result-badge';
import { LogBetToggle } from '../my-bets/log-bet-toggle';
import { RunnerPrices } from '../race-cards/runner-day';
import { WatchStar } from '../watchlist/watch-star';

/**
 * Beside today's tips (members only): for each of NAP, NB and Longshot, the shortest price still
 * value by the VB tissue of its race card (decision 0030), and "Log bet" to the member's own log (decision 0031).
 */
export function TipPrices({ tips }: { tips: Pick<HistoricalTips, 'nap' | 'nb' | 'longshot'> }) {
  const today = londonDate(useNow());
  const metadata = useRaceCardsMetadata();
  const todays: RaceSummary[] = Object.values(metadata.data ?? {})
    .filter((v): v is RaceSummary[] => Array.isArray(v))
    .flat()
    .filter((r) => r.raceDate === today);
  const parsed = SELECTION_TYPES.map((type) => ({ type, tip: parseTipText(tips[type]) })).filter((p) => p.tip !== null);
  if (parsed.length === 0) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Prices for today&apos;s tips</CardTitle>
        <CardDescription>
          &ldquo;Value down to&rdquo; is the shortest price at which the VB tissue still sees value in the horse.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {parsed.map(({ type, tip }) => {
          const race = raceOfTip(todays, tip!);
          return (
            <TipPrice
              key={type}
              label={SELECTION_LABELS[type]}
              horse={tip!.selectionName}
              advised={tip!.advisedOdds}
              raceId={race?.id ?? null}
              today={today}
              time={tip!.raceTime}
              course={race?.course ?? tip!.raceLocation}
            />
          );
        })}
      </CardContent>
    </Card>
  );
}

function TipPrice(props: {
  label: string;
  horse: string;
  advised: string;
  raceId: number | null;
  today: string;
  time: string;
  course: string;
}) {
  const format = useOddsFormat();
  const odds = useFormatOdds();
  const race = useQuery({
    queryKey: [...RACE_CARD_KEY, props.raceId],
    queryFn: () => fetchRace(props.raceId!),
    enabled: props.raceId !== null,
  });
  let guidance = 'No tissue price: the race is not on today’s cards.';
  if (race.data) {
    const field = race.data.horses.map((h) => ({
      name: h.name,
      rating: h.vbRating ?? 0,
      marketOdds: h.bookieOdds ?? 0,
    }));
    const value = tipValue(field, props.horse, props.advised);
    if (value) {
      const downTo = valueDownToText(value.downTo, format);
      // The value price in the member's own format: the ladder price, or the decimal threshold.
      const shortest = format === 'decimal' ? formatOdds(value.downTo.decimal, 'decimal') : value.downTo.fractional;
      // A tip is never simply told to be left: advised shorter than the value price, it says why it is tipped.
      guidance = value.shorterThanValue
        ? `Value down to ${downTo}. The advised ${odds(props.advised)} is shorter than that: the analyst tips it on form, not on price. On price alone, the VB tissue sees value only at ${shortest} or bigger.`
        : `Value down to ${downTo}: below that price the VB tissue no longer sees value.`;
    }
  }
  // Once its race is resulted: how the tip did (the race card carries the result).
  const finish = race.data?.result?.runners.find((r) => nameKey(r.name) === nameKey(props.horse))?.finish;
  // The horse's prices through the day: where the market is now against the advised price.
  const history = race.data?.horses.find((h) => nameKey(h.name) === nameKey(props.horse))?.priceHistory ?? [];
  const latest = history.at(-1);
  const settled = finish ? TIP_RESULT_OF_FINISH[finish] : null;
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`tip-price-${props.label.toLowerCase()}`}>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 font-semibold text-navy-900">
          {props.label}: {props.horse}
          {props.advised && <span className="font-normal text-slate-700"> — advised {odds(props.advised)}</span>}
          {settled && (
            <ResultBadge result={settled} testId={`tip-result-${props.label.toLowerCase()}`} className="ml-2" />
          )}
        </p>
        <WatchStar horseName={props.horse} className="-my-2" />
      </div>
      {latest && (
        <p
          className="flex items-center gap-2 text-sm text-slate-800"
          data-testid={`tip-market-${props.label.toLowerCase()}`}
        >
          <span>
            Now {odds(latest.priceText || latest.price)}{' '}
            <span className="text-slate-600">({londonClock(new Date(latest.observedAt))})</span>
          </span>
          <RunnerPrices history={history} />
        </p>
      )}
      <p className="text-sm text-slate-800" data-testid={`tip-guidance-${props.label.toLowerCase()}`}>
        {guidance}
      </p>
      {props.time && props.course && (
        <LogBetToggle
          target={{
            raceDate: props.today,
            raceTime: props.time,
            course: props.course,
            horseName: props.horse,
            price: odds(props.advised),
            source: 'tip',
          }}
          canLog
        />
      )}
    </div>
  );
}
