import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { tipRecordBody } from '../../../shared/schemas/performance';
import { TYPE_LABELS, type TipRecord } from '../../../shared/schemas/performance';
import type { SelectionType } from '../../../shared/tip-stats';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { tipRecords } from '../../db/schema';
import { conflict } from '../../http/errors';
import { toTipRecord } from './tip-row';

export type NewTip = Omit<z.output<typeof tipRecordBody>, 'startingPrice' | 'result' | 'profitLoss'>;

/**
 * Serialises writers of one race day's tips (every instance shares the lock), so the check "one
 * tip of each type per day" and the insert cannot interleave.
 */
async function lockDay(tx: Tx, raceDate: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tip_records:${raceDate}`}))`);
}

async function existing(tx: Tx, raceDate: string, selectionType: SelectionType) {
  const [row] = await tx
    .select()
    .from(tipRecords)
    .where(and(eq(tipRecords.raceDate, raceDate), eq(tipRecords.selectionType, selectionType)))
    .limit(1);
  return row;
}

/**
 * Records one tip (spec 02 §5 "Tip recording"). A day has one NAP, one NB and one Longshot: a
 * second of the same type for the same day answers 409, so the record can never hold duplicates
 * and nothing can be added to a day after its results are known without it showing.
 */
export async function recordTip(ctx: AppContext, input: NewTip): Promise<TipRecord> {
  return ctx.db.transaction(async (tx) => {
    await lockDay(tx, input.raceDate);
    const found = await existing(tx, input.raceDate, input.selectionType);
    if (found) {
      throw conflict(`A ${TYPE_LABELS[input.selectionType]} is already recorded for ${input.raceDate} (${found.selectionName}).`);
    }
    const [row] = await tx
      .insert(tipRecords)
      .values({ ...input, publishedAt: ctx.clock.now() })
      .returning();
    return toTipRecord(row);
  });
}

/** Adds the tips whose type is not yet recorded for their day; answers those added. */
export async function recordMissingTips(ctx: AppContext, raceDate: string, tips: Array<NewTip & { publishedAt: Date }>): Promise<TipRecord[]> {
  return ctx.db.transaction(async (tx) => {
    await lockDay(tx, raceDate);
    const present = await tx.select({ type: tipRecords.selectionType }).from(tipRecords).where(eq(tipRecords.raceDate, raceDate));
    const have = new Set(present.map((p) => p.type));
    const missing = tips.filter((t) => !have.has(t.selectionType));
    if (missing.length === 0) return [];
    const rows = await tx.insert(tipRecords).values(missing).onConflictDoNothing().returning();
    return rows.map(toTipRecord);
  });
}
