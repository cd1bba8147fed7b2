import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatLongDay, type Weekday, weekdayName } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { horses, races } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { nextRaceDate } from './race-date';
import type { MorningOddsLine } from '#shared/morning-odds-lines';
import { applyMorningOddsLines } from './morning-odds-text';
import { parseMasterWorkbookOffThread } from './parse-off-thread';
import { planMerge, workbookValuesOf, type MergeSummary, type WorkbookValues } from './merge-plan';
import { describeWorkbookErrors, type ParsedRace } from './workbook';
import { insertFile } from '#server/db/file-store';
import { nextTurn } from '#server/db/next-turn';
import { describeChanges } from './describe-changes';
import { listSome, logUpload } from './upload-log';

export const MASTER_KIND = 'master-workbook';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLSM_MIME = 'application/vnd.ms-excel.sheet.macroEnabled.12';
/**
 * Rows per INSERT: well under PostgreSQL's 65,535 parameters at ~23 columns a runner, and small
 * enough that embedded PGlite (which runs each statement on the server's thread) holds the thread
 * for tens of milliseconds at a time rather than seconds.
 */
const HORSE_CHUNK = 100;
/** Races per INSERT: 560 races in one statement held PGlite's thread for over 100 ms. */
const RACE_CHUNK = 100;

export interface MasterUpload {
  data: Buffer | undefined;
  filename: string | undefined;
  targetTab: Weekday;
  userId: number | null;
  /** The collection upload's "Horse: odds" lines, applied after the cards in the same transaction. */
  oddsLines?: MorningOddsLine[];
}

/** What writing a workbook into a weekday does: the merge's counts and the stored races that go. */
export interface WeekdayChanges {
  summary: MergeSummary;
  removedRaces: Array<{ time: string; course: string }>;
}

export interface IngestCounts {
  races: number;
  runners: number;
}

/**
 * Stage 1: the whole workbook is parsed in memory first; only a clean parse
 * replaces the weekday's cards, in one transaction with bulk inserts, together with the stored
 * workbook and its upload_log row. Any failure leaves the previous cards exactly as they were.
 * With `dryRun` nothing is written: the answer says what uploading would change (the admin
 * confirms a re-upload over a day that has cards), including the races that would go.
 */
export async function uploadMasterExcel(
  ctx: AppContext,
  upload: MasterUpload,
  opts: { dryRun?: boolean } = {},
): Promise<AdminActionResult & { counts: IngestCounts } & WeekdayChanges> {
  const { data, targetTab } = upload;
  if (!data || data.length === 0) throw new HttpError(400, 'No file selected: choose the master .xlsx/.xlsm workbook.');
  const parsed = await parseMasterWorkbookOffThread(data, upload.filename);
  await nextTurn(); // taking in the worker's answer (a day's runners) held the thread; the database work starts on a fresh turn
  if (!parsed.ok) {
    throw new HttpError(
      422,
      `The workbook was not loaded: ${describeWorkbookErrors(parsed.errors)}. The ${weekdayName(targetTab)} cards are unchanged.`,
    );
  }
  const raceDate = nextRaceDate(ctx.clock.now(), targetTab);
  const counts = { races: parsed.races.length, runners: parsed.runnerCount };
  if (opts.dryRun) {
    const changes = await ctx.db.transaction((tx) =>
      replaceWeekday(tx, targetTab, raceDate, parsed.races, { dryRun: true }),
    );
    const message = `Uploading this workbook to the ${weekdayName(targetTab)} tab (${formatLongDay(raceDate)}): ${describeChanges(changes.summary)}${describeRemoved(changes.removedRaces)}`;
    return { success: true, message, counts, ...changes };
  }
  const filename = safeName(upload.filename, raceDate);
  let message = `Master workbook loaded for ${formatLongDay(raceDate)}: ${counts.races} races and ${counts.runners} runners from sheet "${parsed.sheet}".`;
  const changes = await ctx.db.transaction(async (tx) => {
    const written = await replaceWeekday(tx, targetTab, raceDate, parsed.races);
    message += describeRemoved(written.removedRaces);
    if (upload.oddsLines?.length) {
      const applied = await applyMorningOddsLines(tx, targetTab, upload.oddsLines);
      message += ` Morning odds set for ${applied.updated} runners${applied.unmatched.length ? `; unmatched: ${applied.unmatched.slice(0, 10).join('; ')}` : ''}.`;
    }
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    const mimeType = filename.toLowerCase().endsWith('.xlsm') ? XLSM_MIME : XLSX_MIME;
    await insertFile(tx, { kind: MASTER_KIND, filename, mimeType, size: data.length, sha256, data });
    await logUpload(tx, MASTER_KIND, upload, {
      filename,
      message,
      counts: { ...counts, weekday: targetTab, raceDate },
    });
    return written;
  });
  return {
    success: true,
    message,
    popupMessage: `Stage 1 complete: ${counts.races} races loaded into the ${weekdayName(targetTab)} tab.`,
    counts,
    ...changes,
  };
}

/** " No longer on the cards: 12:15 Ascot, 14:10 Ascot." when stored races go; else nothing. */
function describeRemoved(removed: WeekdayChanges['removedRaces']): string {
  return removed.length
    ? ` No longer on the cards: ${listSome(
        removed.map((r) => `${r.time} ${r.course}`),
        ', ',
      )}.`
    : '';
}

/**
 * Writes a parsed workbook into a weekday's cards, merged with what is stored (merge-plan.ts): the
 * same races and runners keep their ids and the values later stages set, the rest is replaced.
 * Races of another race day go. With `dryRun` nothing is written: the summary says what would change.
 */
export async function replaceWeekday(
  tx: Tx,
  weekday: Weekday,
  raceDate: string,
  parsed: ParsedRace[],
  opts: { dryRun?: boolean } = {},
): Promise<WeekdayChanges> {
  // Two uploads for one weekday at once would both read, then clash on write: take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${weekday}`}))`);
  const stored = await tx
    .select({ id: races.id, raceDate: races.raceDate, time: races.time, course: races.course })
    .from(races)
    .where(eq(races.weekday, weekday));
  const storedHorses = stored.length
    ? await tx
        .select({
          id: horses.id,
          raceId: horses.raceId,
          name: horses.name,
          bookieOdds: horses.bookieOdds,
          bookieOddsText: horses.bookieOddsText,
          potentialNonRunner: horses.potentialNonRunner,
          summary: horses.summary,
          workbookValues: horses.workbookValues,
        })
        .from(horses)
        .where(
          inArray(
            horses.raceId,
            stored.map((r) => r.id),
          ),
        )
    : [];
  const plan = planMerge(
    parsed,
    raceDate,
    stored,
    storedHorses.map((h) => ({ ...h, workbookValues: h.workbookValues as WorkbookValues | null })),
  );
  const removedRaces = stored
    .filter((r) => plan.removeRaceIds.includes(r.id))
    .map(({ time, course }) => ({ time, course }));
  const changes = { summary: plan.summary, removedRaces };
  if (opts.dryRun) return changes;
  await nextTurn(); // the reads and the plan above held the thread; the writes below take turns too

  if (plan.removeRaceIds.length) await tx.delete(races).where(inArray(races.id, plan.removeRaceIds)); // their horses cascade
  const kept = plan.races.filter((r) => r.id !== undefined);
  // Kept runners are written again under their own ids; the rest of a kept race's runners go.
  if (kept.length)
    await tx.delete(horses).where(
      inArray(
        horses.raceId,
        kept.map((r) => r.id!),
      ),
    );
  for (const { race, id } of kept) {
    const { horses: _h, ...fields } = race;
    await tx
      .update(races)
      .set({ ...fields, raceDate })
      .where(eq(races.id, id!));
  }
  const added = plan.races.filter((r) => r.id === undefined);
  const inserted: { id: number; time: string; course: string }[] = [];
  for (let i = 0; i < added.length; i += RACE_CHUNK) {
    if (i > 0) await nextTurn();
    const values = added
      .slice(i, i + RACE_CHUNK)
      .map(({ race: { horses: _h, ...race } }) => ({ ...race, weekday, raceDate }));
    inserted.push(
      ...(await tx.insert(races).values(values).returning({ id: races.id, time: races.time, course: races.course })),
    );
  }
  const idOf = new Map(inserted.map((r) => [`${r.time}|${r.course}`, r.id]));
  for (const r of added) r.id = idOf.get(`${r.race.time}|${r.race.course}`);
  // Each chunk's rows are made when it is written: a whole day's copies at once was a garbage
  // collection pause of tens of milliseconds on the server's thread.
  const rows = plan.races.flatMap((r) => r.horses.map((horse) => ({ horse, raceId: r.id! })));
  for (let i = 0; i < rows.length; i += HORSE_CHUNK) {
    if (i > 0) await nextTurn();
    await tx.insert(horses).values(
      rows.slice(i, i + HORSE_CHUNK).map(({ horse, raceId }) => ({
        ...horse,
        raceId,
        workbookValues: horse.workbookValues ?? workbookValuesOf(horse),
      })),
    );
  }
  return changes;
}

/** The stored name is made here, never taken as-is from the upload. */
function safeName(original: string | undefined, raceDate: string): string {
  const ext = original?.toLowerCase().endsWith('.xlsm') ? 'xlsm' : 'xlsx';
  return `master-${raceDate}.${ext}`;
}
