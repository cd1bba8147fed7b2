import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { tipEditBody, tipRecordBody } from '#shared/schemas/performance';
import { TYPE_LABELS, type TipRecord } from '#shared/schemas/performance';
import type { SelectionType } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { tipRecords } from '#server/db/schema';
import { conflict, notFound } from '#server/http/errors';
import { toTipRecord } from './tip-row';

export type NewTip = Omit<z.output<typeof tipRecordBody>, 'startingPrice' | 'result' | 'profitLoss'>;
type TipDetails = z.output<typeof tipEditBody>;
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
  `The ${TYPE_LABELS[row.selectionType as SelectionType]} for ${row.raceDate} (${row.selectionName}) is already settled as ${row.result}: correct it in Performance History.`;

const sameDetails = (row: Row, tip: TipDetails) =>
  row.selectionName === tip.selectionName && row.raceTime === tip.raceTime && row.raceLocation === tip.raceLocation && row.advisedOdds === tip.advisedOdds;

/**
 * Records one tip (spec 02 §5 "Tip recording"). A day has one NAP, one NB and one Longshot: a
 * pending one of the same type is replaced by the new details (the analyst changed the tip), a
 * settled one is kept and the request answers 409 pointing to the correction, so the record never
 * holds duplicates and nothing settled changes without showing.
 */
export async function recordTip(ctx: AppContext, input: NewTip): Promise<{ record: TipRecord; replaced: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await lockDay(tx, input.raceDate);
    const found = await existing(tx, input.raceDate, input.selectionType);
    if (found?.result) throw conflict(settledMessage(found));
    if (found) {
      const [row] = await tx
        .update(tipRecords)
        .set({ ...input, publishedAt: ctx.clock.now() })
        .where(eq(tipRecords.id, found.id))
        .returning();
      return { record: toTipRecord(row), replaced: true };
    }
    const [row] = await tx
      .insert(tipRecords)
      .values({ ...input, publishedAt: ctx.clock.now() })
      .returning();
    return { record: toTipRecord(row), replaced: false };
  });
}

export interface SyncOutcome {
  added: TipRecord[];
  updated: TipRecord[];
  /** Types whose record is settled and differs from the published tip: kept, for the admin to correct. */
  settledDiffers: TipRecord[];
}

/**
 * Brings a day's records in line with its published tips (issue 16 item 2): adds the missing types
 * (when `add`) and updates pending records whose tip changed. A settled record is never touched,
 * and a type whose published text cannot be read keeps its record (the admin may have typed it).
 */
export async function syncTipsWithPublished(ctx: AppContext, raceDate: string, tips: Array<NewTip & { publishedAt: Date }>, opts: { add: boolean }): Promise<SyncOutcome> {
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
        else out.updated.push(toTipRecord((await tx.update(tipRecords).set(tip).where(eq(tipRecords.id, row.id)).returning())[0]));
      }
    }
    return out;
  });
}

export const TIP_RECORD_NOT_FOUND = 'Tip record not found.';

/** PUT /api/admin/tip-records/{id}: a pending tip's details; a settled one is corrected by settling again. */
export async function editPendingTip(ctx: AppContext, id: number, details: TipDetails): Promise<TipRecord> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tipRecords).where(eq(tipRecords.id, id)).for('update').limit(1);
    if (!row) throw notFound(TIP_RECORD_NOT_FOUND);
    if (row.result) throw conflict(settledMessage(row));
    const [updated] = await tx.update(tipRecords).set(details).where(eq(tipRecords.id, id)).returning();
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
