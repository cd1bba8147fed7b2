import { useQuery } from '@tanstack/react-query';
import { londonClock, londonDate } from '#shared/london-time';
import { formatOdds, tipValue, type OddsFormat, type ValueDownTo } from '#shared/odds-format';
import { nameKey, raceOfTip, TIP_RESULT_OF_FINISH } from '#shared/race-results';
import type { RaceCard, RaceSummary } from '#shared/schemas/race-cards';
import { currentPrice } from '#shared/current-price';
import type { HistoricalTips } from '#shared/schemas/tips';
import { SELECTION_LABELS, SELECTION_TYPES } from '#shared/tip-stats';
import { parseTipText } from '#shared/tip-text';
import { valueField } from '#shared/value-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useNow } from '#web/lib/now';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { FAIR_PRICE_MEANING, FairPrice } from '../odds-preference/value-down-to';
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
        <CardDescription>{FAIR_PRICE_MEANING}</CardDescription>
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
              raceId={metadata.data ? (race?.id ?? null) : undefined}
              cardsFailed={metadata.isError}
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

interface TipPriceProps {
  label: string;
  horse: string;
  advised: string;
  /** The tip's race on today's cards; null when it is not there, undefined while the cards load. */
  raceId: number | null | undefined;
  /** Today's cards could not be read. */
  cardsFailed: boolean;
  today: string;
  time: string;
  course: string;
}

/**
 * What the tip's price line says. Drawn from data only: while the cards or the race are still
 * loading it says so, and never that the race is missing.
 */
function tipGuidance(
  race: { data?: RaceCard; isError: boolean },
  props: TipPriceProps,
  format: OddsFormat,
  odds: (o: string) => string,
): { text: string; downTo?: ValueDownTo } {
  if (props.raceId === null) return { text: 'No tissue price: the race is not on today’s cards.' };
  if (race.isError || props.cardsFailed)
    return { text: 'The tissue price could not be loaded: refresh the page to try again.' };
  if (!race.data) return { text: 'Loading the tissue price…' };
  const value = tipValue(valueField(race.data.horses), props.horse, props.advised);
  if (!value) return { text: 'No tissue price: the horse has no VB rating or price on its card.' };
  // The value price in the member's own format: the ladder price, or the decimal threshold.
  const shortest = format === 'decimal' ? formatOdds(value.downTo.decimal, 'decimal') : value.downTo.fractional;
  // A tip is never simply told to be left: advised shorter than the value price, it says why it is tipped.
  return {
    downTo: value.downTo,
    text: value.shorterThanValue
      ? `The advised ${odds(props.advised)} is shorter than that: the analyst tips it on form, not on price. On price alone, the VB tissue sees value only at ${shortest} or bigger.`
      : 'Below that price the VB tissue no longer sees value.',
  };
}

function TipPrice(props: TipPriceProps) {
  const format = useOddsFormat();
  const odds = useFormatOdds();
  const race = useQuery({
    queryKey: [...RACE_CARD_KEY, props.raceId],
    queryFn: () => fetchRace(props.raceId!),
    enabled: typeof props.raceId === 'number',
  });
  const guidance = tipGuidance(race, props, format, odds);
  // Once its race is resulted: how the tip did (the race card carries the result).
  const finish = race.data?.result?.runners.find((r) => nameKey(r.name) === nameKey(props.horse))?.finish;
  // The horse's prices through the day, and its price now: the card's (never the Betfair starting price).
  const horse = race.data?.horses.find((h) => nameKey(h.name) === nameKey(props.horse));
  const history = horse?.priceHistory ?? [];
  const now = horse ? currentPrice({ ...horse, history }) : null;
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
      {now && (
        <p
          className="flex items-center gap-2 text-sm text-slate-800"
          data-testid={`tip-market-${props.label.toLowerCase()}`}
        >
          <span>
            Now {odds(now.priceText || now.price)}
            {now.observedAt && (
              <>
                {' '}
                <span className="text-slate-600">({londonClock(new Date(now.observedAt))})</span>
              </>
            )}
          </span>
          {history.length > 0 && <RunnerPrices history={history} />}
        </p>
      )}
      {guidance.downTo && <FairPrice downTo={guidance.downTo} format={format} />}
      <p className="text-sm text-slate-800" data-testid={`tip-guidance-${props.label.toLowerCase()}`}>
        {guidance.text}
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
