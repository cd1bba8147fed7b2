import { and, eq, notInArray } from 'drizzle-orm';
import { readMultiple } from '#shared/proofing/bet-types';
import { BET_TYPES, type BetType } from '#shared/proofing/multiples';
import { matchLeg, unmatchedLegText } from '#shared/proofing/match-legs';
import { nameKey, raceOfTip } from '#shared/race-results';
import type { PublishedLeg } from '#shared/schemas/tips';
import { SELECTION_LABELS, SELECTION_TYPES, type SelectionType } from '#shared/tip-stats';
import { normaliseOdds, parseTipText } from '#shared/tip-text';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { cardsOfDay } from '#server/db/day-cards';
import { multipleBets, multipleLegs } from '#server/db/schema';
import { badRequest, needsConfirmation } from '#server/http/errors';
import { addReceipts, slotOf, type ProofedSelection } from './receipts';

/** The day's tips as published: the headline tips' lines and the four multiples ("Lucky 15: A, B, C, D" or ''). */
export type PublishedText = Record<SelectionType, string> & { multiples: readonly string[] };

export interface ProofOutcome {
  legs: PublishedLeg[];
  receiptsAdded: number;
  /** Headline tips with no race (time and course) to read, so with no receipt: "NB". */
  withoutRace: string[];
}

/**
 * The record of a publication, written in its transaction: each multiple and its legs, each leg
 * matched to a runner of the day's cards, and the receipts (receipts.ts). A leg found on no card,
 * or on two, is refused (409) until the analyst confirms it (`confirmUnproofedLegs`); it is then
 * recorded as not proofed and is on no receipt. A leg is settled at the price it was published
 * with, or else at its card's price when published.
 */
export async function proofPublishedTips(
  ctx: Pick<AppContext, 'config' | 'clock' | 'db'>,
  tx: Tx,
  day: string,
  publishedAt: Date,
  published: PublishedText,
  { confirmUnproofedLegs = false } = {},
): Promise<ProofOutcome> {
  const cards = await cardsOfDay(tx, day);
  const selections: ProofedSelection[] = [];
  const withoutRace: string[] = [];
  for (const type of SELECTION_TYPES) {
    const tip = parseTipText(published[type]);
    if (!tip) continue;
    const race = tip.raceTime ? raceOfTip(cards, tip) : undefined;
    const runner = race?.runners.find((h) => nameKey(h.name) === nameKey(tip.selectionName));
    const raceTime = race?.time ?? tip.raceTime;
    const course = race?.course ?? tip.raceLocation;
    if (!raceTime || !course) {
      withoutRace.push(SELECTION_LABELS[type]);
      continue;
    }
    const horse = runner?.name ?? tip.selectionName;
    selections.push({ kind: type, multiple: null, raceTime, course, horse, advised: tip.advisedOdds || null });
  }

  const multiples = published.multiples.flatMap((text, i) => {
    const read = readMultiple(text);
    if (!read) return [];
    // The request schema refuses these first; kept here so no other caller can record one.
    if (!read.betType || read.legs.length !== BET_TYPES[read.betType].legs)
      throw badRequest(`Multiple ${i + 1} (“${read.label}”) is not a bet the record can settle.`);
    return [
      { no: i + 1, label: read.label, betType: read.betType, legs: read.legs.map((leg) => matchLeg(cards, leg)) },
    ];
  });
  const unmatched = multiples.flatMap((m) =>
    m.legs.flatMap((leg, k) =>
      leg.found === 'one' ? [] : [`Multiple ${m.no} (${m.label}) selection ${k + 1}: ${unmatchedLegText(leg)}.`],
    ),
  );
  if (unmatched.length > 0 && !confirmUnproofedLegs)
    throw needsConfirmation(
      `${unmatched.join(' ')} ${unmatched.length === 1 ? 'It needs' : 'Each needs'} to be found once on the day's cards to be proofed. Confirm to publish anyway: ${unmatched.length === 1 ? 'it is' : 'they are'} recorded as not proofed, with no receipt.`,
      'confirmUnproofedLegs',
    );

  const legs: PublishedLeg[] = multiples.flatMap((m) =>
    m.legs.map((leg, k): PublishedLeg => {
      const base = { multipleNo: m.no, label: m.label, legNo: k + 1 };
      if (leg.found !== 'one')
        return { ...base, horse: leg.horse, raceTime: null, course: null, price: leg.advised || null, proofed: false };
      const cardPrice = leg.runner.bookieOddsText ? normaliseOdds(leg.runner.bookieOddsText) : '';
      return {
        ...base,
        horse: leg.runner.name,
        raceTime: leg.race.time,
        course: leg.race.course,
        price: leg.advised || cardPrice || null,
        proofed: true,
      };
    }),
  );
  for (const leg of legs)
    if (leg.proofed)
      selections.push({
        kind: 'leg',
        multiple: { no: leg.multipleNo, label: leg.label, leg: leg.legNo },
        raceTime: leg.raceTime!,
        course: leg.course!,
        horse: leg.horse,
        advised: leg.price,
      });

  const { receiptOf, added } = await addReceipts(ctx, tx, day, publishedAt, selections);
  await recordMultiples(tx, day, publishedAt, multiples, legs, receiptOf);
  return { legs, receiptsAdded: added, withoutRace };
}

/** The day's multiples as now published: a multiple no longer published goes, each one's legs are written afresh. */
async function recordMultiples(
  tx: Tx,
  day: string,
  now: Date,
  multiples: ReadonlyArray<{ no: number; label: string; betType: BetType }>,
  legs: readonly PublishedLeg[],
  receiptOf: ReadonlyMap<string, number>,
) {
  const kept = multiples.map((m) => m.no);
  await tx
    .delete(multipleBets)
    .where(
      kept.length
        ? and(eq(multipleBets.raceDate, day), notInArray(multipleBets.multipleNo, kept))
        : eq(multipleBets.raceDate, day),
    );
  for (const m of multiples) {
    const values = { label: m.label, betType: m.betType, publishedAt: now };
    const [bet] = await tx
      .insert(multipleBets)
      .values({ raceDate: day, multipleNo: m.no, ...values })
      .onConflictDoUpdate({ target: [multipleBets.raceDate, multipleBets.multipleNo], set: values })
      .returning({ id: multipleBets.id });
    await tx.delete(multipleLegs).where(eq(multipleLegs.multipleId, bet.id));
    await tx.insert(multipleLegs).values(
      legs
        .filter((leg) => leg.multipleNo === m.no)
        .map((leg) => ({
          multipleId: bet.id,
          legNo: leg.legNo,
          horse: leg.horse,
          raceTime: leg.raceTime,
          course: leg.course,
          advisedOdds: leg.price,
          receiptId: leg.proofed
            ? (receiptOf.get(slotOf({ kind: 'leg', multiple: { no: m.no, leg: leg.legNo } })) ?? null)
            : null,
          unproofed: !leg.proofed,
        })),
    );
  }
}
