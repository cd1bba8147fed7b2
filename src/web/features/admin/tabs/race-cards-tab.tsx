import { StagePrices } from '#web/features/prices/admin/stage-prices';
import { RaceCardsAdmin } from '#web/features/race-cards/admin/race-cards-admin';
import { StageResults } from '#web/features/race-results/admin/stage-results';

/** The Race Cards tab: the race-cards feature's admin screens, with the day's prices and results after the morning stages. */
export function RaceCardsTab() {
  return (
    <RaceCardsAdmin
      stageSix={
        <>
          <StagePrices />
          <StageResults />
        </>
      }
    />
  );
}
