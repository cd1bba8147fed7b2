import { RaceCardsAdmin } from '../../race-cards/admin/race-cards-admin';

/** The Race Cards tab: the race-cards feature's admin screens. */
export function RaceCardsTab() {
  return <RaceCardsAdmin />;
}
