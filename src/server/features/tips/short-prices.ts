import { formatOdds, tipValue } from '#shared/odds-format';
import { raceOfTip } from '#shared/race-results';
import { SELECTION_LABELS, SELECTION_TYPES } from '#shared/tip-stats';
import { parseTipText } from '#shared/tip-text';
import { valueField } from '#shared/value-field';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';

type Tips = Record<(typeof SELECTION_TYPES)[number], string>;

/**
 * Each of the day's NAP, NB and Longshot whose advised price is shorter than its "value down to"
 * price on that day's race card (the price the tips page shows members), in words for the
 * analyst: "The NAP Northern Star is advised at 11/2, shorter than its value price 7/1 (7.60)".
 * A tip whose race or horse is not on the day's cards, or without advised odds, is not listed.
 */
export async function tipsShorterThanValue(ctx: AppContext, tipsDate: string, tips: Tips): Promise<string[]> {
  const parsed = SELECTION_TYPES.map((type) => ({ type, tip: parseTipText(tips[type]) })).filter(
    (p) => p.tip?.advisedOdds && p.tip.raceTime,
  );
  if (parsed.length === 0) return [];
  const cards = await cardsOfDay(ctx.db, tipsDate);
  const out: string[] = [];
  for (const { type, tip } of parsed) {
    const race = raceOfTip(cards, tip!);
    if (!race) continue;
    // The same field the tips page reads.
    const value = tipValue(valueField(race.runners), tip!.selectionName, tip!.advisedOdds);
    if (!value?.shorterThanValue) continue;
    const price = `${value.downTo.fractional} (${formatOdds(value.downTo.decimal, 'decimal')})`;
    out.push(
      `The ${SELECTION_LABELS[type]} ${tip!.selectionName} is advised at ${tip!.advisedOdds}, shorter than its value price ${price} in the ${race.time} ${race.course}.`,
    );
  }
  return out;
}
