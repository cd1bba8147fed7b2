/**
 * The race-card notice: the one announcement of a race-day change, sent to every instance
 * (decisions 0059 and 0062) by `publishRaceCardEvent` (race-cards/events.ts) and heard by the event
 * streams, the free race and the member alerts. Here, apart from any feature, so each listens
 * without importing another.
 */

/** The NOTIFY channel every instance LISTENs on (DESIGN.md "Scale-out"). */
export const RACE_CARD_CHANNEL = 'race_card_events';

/** The NOTIFY payload of the stored event `id` with its JSON `data`: "<id>\n<data>". */
export const noticePayload = (id: number, data: string) => `${id}\n${data}`;

/** A NOTIFY payload (`noticePayload`) read back; null when it is not one. */
export function parseNotice(payload: string): { id: number; data: string } | null {
  const cut = payload.indexOf('\n');
  const id = Number(payload.slice(0, cut));
  if (cut < 0 || !Number.isSafeInteger(id) || id <= 0) return null;
  const data = payload.slice(cut + 1);
  return data.startsWith('{') ? { id, data } : null;
}
