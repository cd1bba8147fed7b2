import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parseOdds } from '#shared/odds';
import { nameKey, tipRace } from '#shared/race-results';
import type { tipEditBody, tipRecordBody } from '#shared/schemas/performance';
import { TYPE_LABELS, type TipRecord } from '#shared/schemas/performance';
import type { SelectionType } from '#shared/tip-stats';
import { normaliseOdds } from '#shared/tip-text';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { tipRecords } from '#server/db/schema';
import { linkTipReceipts } from '#server/db/tip-receipts';
import { badRequest, conflict, needsConfirmation, notFound } from '#server/http/errors';
import { publishedDay } from './published-tips';
import { toTipRecord } from './tip-row';

export type NewTip = Omit<
  z.output<typeof tipRecordBody>,
  'startingPrice' | 'result' | 'profitLoss' | 'confirmCorrection'
>;
type TipDetails = Omit<z.output<typeof tipEditBody>, 'confirmCorrection'>;
type Row = typeof tipRecords.$inferSelect;

/**
 * Serialises writers of one race day's tips (every instance shares the lock), so the check "one
 * tip of each type per day" and the write cannot interleave.
 */
async function lockDay(tx: Tx, raceDate: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tip_records:${raceDate}`}))`);
}

async function existing(tx: Tx, raceDate: string, selectionType: SelectionType): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(tipRecords)
    .where(and(eq(tipRecords.raceDate, raceDate), eq(tipRecords.selectionType, selectionType)))
    .limit(1);
  return row;
}

const settledMessage = (row: Row) =>
  `The ${TYPE_LABELS[row.selectionType]} for ${row.raceDate} (${row.selectionName}) is already settled as ${row.result}: correct it in Performance History.`;

const sameDetails = (row: Row, tip: TipDetails) =>
  row.selectionName === tip.selectionName &&
  row.raceTime === tip.raceTime &&
  row.raceLocation === tip.raceLocation &&
  row.advisedOdds === tip.advisedOdds;

const sameOdds = (a: string, b: string) => {
  const x = parseOdds(a);
  const y = parseOdds(b);
  return x !== null && y !== null ? Math.abs(x - y) < 1e-6 : normaliseOdds(a) === normaliseOdds(b);
};

/** What the record stores for a tip typed by hand: the details, and a confirmed price correction. */
interface Checked {
  details: TipDetails;
  correctedOdds: string | null;
  /** When members were given the tip (the day's publication), or null when it was not published. */
  publishedAt: Date | null;
}

/**
 * A tip typed by hand, checked against what members were told. The race is always a 24-hour time
 * and the course. When the day's tips were published with this type, the record keeps the
 * published horse, race and advised price: another horse or race is refused (409), and another
 * price is a correction the analyst must confirm (409 until `confirmCorrection`), recorded beside
 * the advised price, never in its place.
 */
async function checkAgainstPublished(
  tx: Tx,
  raceDate: string,
  type: SelectionType,
  input: TipDetails,
  confirmCorrection: boolean,
): Promise<Checked> {
  const race = tipRace(input.raceTime, input.raceLocation);
  if (!race) throw badRequest('Race must start with its time, like 2:10 Ascot');
  const day = await publishedDay(tx, raceDate);
  const published = day?.tips[type];
  const label = TYPE_LABELS[type];
  if (!day || !published) {
    if (!race.course) throw badRequest('Race must name the course as well as the time, like 2:10 Ascot');
    return {
      details: { ...input, raceTime: race.time, raceLocation: race.course },
      correctedOdds: null,
      publishedAt: null,
    };
  }
  const publishedRace = [published.raceTime, published.raceLocation].filter(Boolean).join(' ');
  // The same horse, however written (case, punctuation, "(IRE)"), is the published one.
  if (nameKey(published.selectionName) !== nameKey(input.selectionName)) {
    const about = [publishedRace, published.advisedOdds].filter(Boolean).join(', ');
    throw conflict(
      `The ${label} published for ${raceDate} is ${published.selectionName}${about ? ` (${about})` : ''}: the record keeps the tip members were given.`,
    );
  }
  const sameRace =
    (!published.raceTime || published.raceTime === race.time) &&
    (!published.raceLocation || !race.course || nameKey(published.raceLocation) === nameKey(race.course));
  if (!sameRace) {
    throw conflict(
      `${published.selectionName} was published as the ${label} for ${raceDate} in the ${publishedRace}, not the ${[race.time, race.course].filter(Boolean).join(' ')}: the record keeps the published race.`,
    );
  }
  const raceTime = published.raceTime || race.time;
  const raceLocation = published.raceLocation || race.course;
  if (!raceLocation) throw badRequest('Race must name the course as well as the time, like 2:10 Ascot');
  const details = {
    ...input,
    selectionName: published.selectionName,
    raceTime,
    raceLocation,
    advisedOdds: published.advisedOdds || input.advisedOdds,
  };
  const typed = input.advisedOdds;
  if (!published.advisedOdds || !typed || sameOdds(typed, published.advisedOdds))
    return { details, correctedOdds: null, publishedAt: day.publishedAt };
  const corrected = normaliseOdds(typed);
  if (!confirmCorrection) {
    throw needsConfirmation(
      `${published.selectionName} was published as the ${label} for ${raceDate} at ${published.advisedOdds}. Recording ${corrected} instead is a correction: confirm it to show "advised ${published.advisedOdds}, corrected to ${corrected}" on the public record, or record it at ${published.advisedOdds}.`,
      'confirmCorrection',
    );
  }
  return { details, correctedOdds: corrected, publishedAt: day.publishedAt };
}

const correctionColumns = (correctedOdds: string | null, now: Date) => ({
  correctedOdds,
  oddsCorrectedAt: correctedOdds ? now : null,
});

/**
 * Records one tip. A day has one NAP, one NB and one Longshot: a
 * pending one of the same type is replaced by the new details (the analyst changed the tip), a
 * settled one is kept and the request answers 409 pointing to the correction, so the record never
 * holds duplicates and nothing settled changes without showing. Checked against the day's
 * published tips first (checkAgainstPublished).
 */
export async function recordTip(
  ctx: AppContext,
  input: NewTip,
  { confirmCorrection = false } = {},
): Promise<{ record: TipRecord; replaced: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await lockDay(tx, input.raceDate);
    const found = await existing(tx, input.raceDate, input.selectionType);
    if (found?.result) throw conflict(settledMessage(found));
    const { details, correctedOdds, publishedAt } = await checkAgainstPublished(
      tx,
      input.raceDate,
      input.selectionType,
      input,
      confirmCorrection,
    );
    const now = ctx.clock.now();
    // A published tip went to members when it was published; one typed in is theirs from now.
    const values = { ...input, ...details, ...correctionColumns(correctedOdds, now), publishedAt: publishedAt ?? now };
    const [row] = found
      ? await tx.update(tipRecords).set(values).where(eq(tipRecords.id, found.id)).returning()
      : await tx.insert(tipRecords).values(values).returning();
    await linkTipReceipts(tx, input.raceDate);
    return { record: toTipRecord(row), replaced: Boolean(found) };
  });
}

export interface SyncOutcome {
  added: TipRecord[];
  updated: TipRecord[];
  /** Types whose record is settled and differs from the published tip: kept, for the admin to correct. */
  settledDiffers: TipRecord[];
}

/**
 * Brings a day's records in line with its published tips: adds the missing types
 * (when `add`) and updates pending records whose tip changed. A settled record is never touched,
 * and a type whose published text cannot be read keeps its record (the admin may have typed it).
 */
export async function syncTipsWithPublished(
  ctx: AppContext,
  raceDate: string,
  tips: Array<NewTip & { publishedAt: Date }>,
  opts: { add: boolean },
): Promise<SyncOutcome> {
  return ctx.db.transaction(async (tx) => {
    await lockDay(tx, raceDate);
    const rows = await tx.select().from(tipRecords).where(eq(tipRecords.raceDate, raceDate));
    const out: SyncOutcome = { added: [], updated: [], settledDiffers: [] };
    for (const tip of tips) {
      const row = rows.find((r) => r.selectionType === tip.selectionType);
      if (!row) {
        if (opts.add) out.added.push(toTipRecord((await tx.insert(tipRecords).values(tip).returning())[0]));
      } else if (!sameDetails(row, tip)) {
        if (row.result) out.settledDiffers.push(toTipRecord(row));
        // The tip as published again is what members were told now: an earlier price correction goes.
        else
          out.updated.push(
            toTipRecord(
              (
                await tx
                  .update(tipRecords)
                  .set({ ...tip, correctedOdds: null, oddsCorrectedAt: null })
                  .where(eq(tipRecords.id, row.id))
                  .returning()
              )[0],
            ),
          );
      }
    }
    await linkTipReceipts(tx, raceDate);
    return out;
  });
}

export const TIP_RECORD_NOT_FOUND = 'Tip record not found.';

/**
 * PUT /api/admin/tip-records/{id}: a pending tip's details, checked against the day's published
 * tips like a new one; a settled one is corrected by settling again.
 */
export async function editPendingTip(
  ctx: AppContext,
  id: number,
  input: TipDetails,
  { confirmCorrection = false } = {},
): Promise<TipRecord> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tipRecords).where(eq(tipRecords.id, id)).for('update').limit(1);
    if (!row) throw notFound(TIP_RECORD_NOT_FOUND);
    if (row.result) throw conflict(settledMessage(row));
    const { details, correctedOdds } = await checkAgainstPublished(
      tx,
      row.raceDate,
      row.selectionType,
      input,
      confirmCorrection,
    );
    // An unchanged correction keeps the moment it was first confirmed.
    const keep = correctedOdds !== null && correctedOdds === row.correctedOdds;
    const correction = keep ? {} : correctionColumns(correctedOdds, ctx.clock.now());
    const [updated] = await tx
      .update(tipRecords)
      .set({ ...details, ...correction })
      .where(eq(tipRecords.id, id))
      .returning();
    await linkTipReceipts(tx, row.raceDate);
    return toTipRecord(updated);
  });
}

/** DELETE /api/admin/tip-records/{id}: only a pending tip; a settled one is proof and stays. */
export async function deletePendingTip(ctx: AppContext, id: number): Promise<TipRecord> {
  const [row] = await ctx.db
    .delete(tipRecords)
    .where(and(eq(tipRecords.id, id), isNull(tipRecords.result)))
    .returning();
  if (row) return toTipRecord(row);
  const [settled] = await ctx.db.select().from(tipRecords).where(eq(tipRecords.id, id)).limit(1);
  if (!settled) throw notFound(TIP_RECORD_NOT_FOUND);
  throw conflict(`${settledMessage(settled)} A settled tip stays on the proofed record.`);
}
