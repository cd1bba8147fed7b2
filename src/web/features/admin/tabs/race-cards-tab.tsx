import { RaceCardsAdmin } from '#web/features/race-cards/admin/race-cards-admin';
import { StageResults } from '#web/features/race-results/admin/stage-results';

/** The Race Cards tab: the race-cards feature's admin screens, with the results as stage 6 (issue 20). */
export function RaceCardsTab() {
  return <RaceCardsAdmin stageSix={<StageResults />} />;
}
