import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { formatLongDay, WEEKDAYS, type Weekday } from '../../../shared/london-time';
import type { AppContext } from '../../context';
import { files, races, uploadLog } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { capitalised, nextRaceDate } from './race-date';
import { MASTER_KIND, replaceWeekday } from './upload-master-excel';
import { parseMasterWorkbookOffThread } from './parse-off-thread';
import { describeWorkbookErrors } from './workbook';

export const REPROCESS_KIND = 'master-reprocess';

/**
 * POST /api/vbg-race-cards/hard-coded-upload (spec 02 §7): re-reads the last stored master
 * workbook into the weekday it was uploaded for. Stricter than stage 1: rows that disagree with
 * their race (two titles for one time and course, a horse twice in a race) are not silently
 * resolved but refused with "Data clarification required", and the cards stay as they are.
 */
export async function reprocessLastMaster(ctx: AppContext, userId: number | null): Promise<{ raceCount: number; horseCount: number; message: string; weekday: Weekday }> {
  const [file] = await ctx.db.select().from(files).where(eq(files.kind, MASTER_KIND)).orderBy(desc(files.id)).limit(1);
  if (!file) throw new HttpError(404, 'No master workbook has been uploaded yet: upload one in stage 1 first.');
  // The file and its log row are written in one transaction, so the newest of each belong together.
  const [log] = await ctx.db
    .select({ counts: uploadLog.counts })
    .from(uploadLog)
    .where(and(eq(uploadLog.kind, MASTER_KIND), eq(uploadLog.success, true)))
    .orderBy(desc(uploadLog.id))
    .limit(1);
  const weekday = (log?.counts as { weekday?: string } | null)?.weekday;
  if (!weekday || !(WEEKDAYS as readonly string[]).includes(weekday)) throw new HttpError(409, 'The weekday of the stored master workbook is unknown: upload it again in stage 1.');
  const day = capitalised(weekday as Weekday);

  const parsed = await parseMasterWorkbookOffThread(Buffer.from(file.data), file.filename);
  if (!parsed.ok) {
    throw new HttpError(422, `The stored workbook could not be read: ${describeWorkbookErrors(parsed.errors)}. The ${day} cards are unchanged.`);
  }
  if (parsed.conflicts.length) {
    throw new HttpError(422, `Data clarification required: ${describeWorkbookErrors(parsed.conflicts)}. The ${day} cards are unchanged.`);
  }
  const raceDate = nextRaceDate(ctx.clock.now(), weekday as Weekday);
  const counts = { raceCount: parsed.races.length, horseCount: parsed.runnerCount };
  const message = `Stored workbook ${file.filename} re-processed for ${formatLongDay(raceDate)}: ${counts.raceCount} races and ${counts.horseCount} runners.`;
  await ctx.db.transaction(async (tx) => {
    // Verdicts came from stage 2, not from the workbook: keep them on the races that remain.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${weekday}`}))`);
    const kept = await tx
      .select({ time: races.time, course: races.course, verdict: races.verdict })
      .from(races)
      .where(and(eq(races.weekday, weekday), ne(races.verdict, '')));
    await replaceWeekday(tx, weekday as Weekday, raceDate, parsed.races);
    if (kept.length) {
      const values = sql.join(kept.map((r) => sql`(${r.time}::text, ${r.course}::text, ${r.verdict}::text)`), sql`, `);
      await tx.execute(sql`update ${races} set verdict = v.verdict from (values ${values}) as v(time, course, verdict)
        where ${races.weekday} = ${weekday} and ${races.time} = v.time and ${races.course} = v.course`);
    }
    await tx.insert(uploadLog).values({ kind: REPROCESS_KIND, userId, filename: file.filename, size: file.size, success: true, message, counts: { ...counts, weekday, raceDate, fileId: file.id } });
  });
  return { ...counts, message, weekday: weekday as Weekday };
}
