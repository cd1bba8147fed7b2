import { and, desc, eq } from 'drizzle-orm';
import { formatLongDay, WEEKDAYS, type Weekday, weekdayName } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { files, uploadLog } from '#server/db/schema';
import { readFileBytes } from '#server/db/file-store';
import { HttpError } from '#server/http/errors';
import { fieldOf, isOneOf } from '#shared/unknown-values';
import { nextRaceDate } from './race-date';
import { MASTER_KIND, replaceWeekday } from './upload-master-excel';
import { parseMasterWorkbookOffThread } from './parse-off-thread';
import type { MergeSummary } from './merge-plan';
import { describeWorkbookErrors } from './workbook';
import { describeChanges } from './describe-changes';
import { logUpload } from './upload-log';

export const REPROCESS_KIND = 'master-reprocess';

/**
 * POST /api/vbg-race-cards/hard-coded-upload: re-reads the last stored master
 * workbook into the weekday it was uploaded for. Stricter than stage 1: rows that disagree with
 * their race (two titles for one time and course, a horse twice in a race) are not silently
 * resolved but refused with "Data clarification required", and the cards stay as they are.
 * The workbook is merged with the stored cards (merge-plan.ts): races and runners keep their ids,
 * verdicts stay, and what later stages set stays unless the workbook changed it.
 * With `dryRun` nothing is written and the answer says what would change, for the admin to confirm.
 */
export async function reprocessLastMaster(
  ctx: AppContext,
  userId: number | null,
  opts: { dryRun?: boolean } = {},
): Promise<{ raceCount: number; horseCount: number; message: string; weekday: Weekday; changes: MergeSummary }> {
  const [file] = await ctx.db
    .select({ id: files.id, filename: files.filename, size: files.size })
    .from(files)
    .where(eq(files.kind, MASTER_KIND))
    .orderBy(desc(files.id))
    .limit(1);
  if (!file) throw new HttpError(404, 'No master workbook has been uploaded yet: upload one in stage 1 first.');
  // The file and its log row are written in one transaction, so the newest of each belong together.
  const [log] = await ctx.db
    .select({ counts: uploadLog.counts })
    .from(uploadLog)
    .where(and(eq(uploadLog.kind, MASTER_KIND), eq(uploadLog.success, true)))
    .orderBy(desc(uploadLog.id))
    .limit(1);
  const weekday = fieldOf(log?.counts, 'weekday');
  if (!isOneOf(WEEKDAYS, weekday))
    throw new HttpError(409, 'The weekday of the stored master workbook is unknown: upload it again in stage 1.');
  const day = weekdayName(weekday);

  const bytes = await readFileBytes(ctx.db, file.id);
  if (!bytes) throw new HttpError(404, 'No master workbook has been uploaded yet: upload one in stage 1 first.');
  const parsed = await parseMasterWorkbookOffThread(Buffer.from(bytes), file.filename);
  if (!parsed.ok) {
    throw new HttpError(
      422,
      `The stored workbook could not be read: ${describeWorkbookErrors(parsed.errors)}. The ${day} cards are unchanged.`,
    );
  }
  if (parsed.conflicts.length) {
    throw new HttpError(
      422,
      `Data clarification required: ${describeWorkbookErrors(parsed.conflicts)}. The ${day} cards are unchanged.`,
    );
  }
  const raceDate = nextRaceDate(ctx.clock.now(), weekday);
  const counts = { raceCount: parsed.races.length, horseCount: parsed.runnerCount };
  const changes = await ctx.db.transaction(async (tx) => {
    const { summary } = await replaceWeekday(tx, weekday, raceDate, parsed.races, opts);
    if (!opts.dryRun) {
      const message = `Stored workbook ${file.filename} re-processed for ${formatLongDay(raceDate)}: ${counts.raceCount} races and ${counts.horseCount} runners.`;
      await logUpload(
        tx,
        REPROCESS_KIND,
        { userId },
        {
          filename: file.filename,
          size: file.size,
          message,
          counts: { ...counts, weekday, raceDate, fileId: file.id },
        },
      );
    }
    return summary;
  });
  const verb = opts.dryRun ? 'Re-processing' : 'Stored workbook';
  const message = opts.dryRun
    ? `${verb} ${file.filename} for ${formatLongDay(raceDate)} (${day}): ${describeChanges(changes)}`
    : `Stored workbook ${file.filename} re-processed for ${formatLongDay(raceDate)}: ${counts.raceCount} races and ${counts.horseCount} runners. ${describeChanges(changes)}`;
  return { ...counts, message, weekday: weekday, changes };
}
