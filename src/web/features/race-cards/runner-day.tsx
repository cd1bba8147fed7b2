import { TIP_RESULT_OF_FINISH } from '#shared/race-results';
import type { PricePoint } from '#shared/schemas/prices';
import type { RunnerResult } from '#shared/schemas/race-cards';
import { PriceSparkline } from '#web/components/ui/sparkline';
import { useFormatOdds } from '../odds-preference/use-odds';
import { ResultBadge } from './result-badge';

// What only a members' card carries: loaded when a runner has it, so the visitor's free race does
// not carry the code (the public pages' JavaScript budget, tests/e2e/frontend-budget).

/** How the runner finished: WON, PLACED, LOST or NR. */
export function RunnerResultBadge({ result }: { result: RunnerResult }) {
  return <ResultBadge result={TIP_RESULT_OF_FINISH[result.finish]} className="shrink-0" />;
}

/** The runner's prices of the day as a line (up is shortening), in the member's odds format. */
export function RunnerPrices({ history }: { history: readonly PricePoint[] }) {
  const odds = useFormatOdds();
  return (
    <PriceSparkline
      points={history.map((p) => ({ price: p.price, label: odds(p.priceText || p.price) }))}
      className="text-navy-700"
    />
  );
}
