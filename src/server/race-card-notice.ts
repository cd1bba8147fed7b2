/**
 * The race-card notice: the one announcement of a race-day change, sent to every instance
 * (decisions 0059 and 0062) by `publishRaceCardEvent` (race-cards/events.ts) and heard by the event
 * streams, the free race and the member alerts. Here, apart from any feature, so each listens
 * without importing another.
 */

/** The NOTIFY channel every instance LISTENs on (DESIGN.md "Scale-out"). */
export const RACE_CARD_CHANNEL = 'race_card_events';

/** A NOTIFY payload: "<id>\n<data>". */
export function parseNotice(payload: string): { id: number; data: string } | null {
  const cut = payload.indexOf('\n');
  const id = Number(payload.slice(0, cut));
  if (cut < 0 || !Number.isSafeInteger(id) || id <= 0) return null;
  const data = payload.slice(cut + 1);
  return data.startsWith('{') ? { id, data } : null;
}
