import { StagePrices } from '#web/features/prices/admin/stage-prices';
import { RaceCardsAdmin } from '#web/features/race-cards/admin/race-cards-admin';
import { StageResults } from '#web/features/race-results/admin/stage-results';
import { FeedsAdmin } from '#web/features/feeds/admin/feeds-admin';

/** The Race Cards tab: the race-cards feature's admin screens, with the day's prices and results after the morning stages, and the price and result feeds after them. */
export function RaceCardsTab() {
  return (
    <RaceCardsAdmin
      stageSix={
        <>
          <StagePrices />
          <StageResults />
          <FeedsAdmin />
        </>
      }
    />
  );
}
