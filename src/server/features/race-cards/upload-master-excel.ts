import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { formatLongDay, type Weekday } from '../../../shared/london-time';
import type { AdminActionResult } from '../../../shared/schemas/tips';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { horses, races, uploadLog } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { capitalised, nextRaceDate } from './race-date';
import type { MorningOddsLine } from '../../../shared/morning-odds-lines';
import { applyMorningOddsLines } from './morning-odds-text';
import { parseMasterWorkbookOffThread } from './parse-off-thread';
import { describeWorkbookErrors, type ParsedRace } from './workbook';
import { insertFile } from '../../db/file-store';

export const MASTER_KIND = 'master-workbook';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLSM_MIME = 'application/vnd.ms-excel.sheet.macroEnabled.12';
/**
 * Rows per INSERT: well under PostgreSQL's 65,535 parameters at ~23 columns a runner, and small
 * enough that embedded PGlite (which runs each statement on the server's thread) holds the thread
 * for tens of milliseconds at a time rather than seconds.
 */
const HORSE_CHUNK = 150;

export interface MasterUpload {
  data: Buffer | undefined;
  filename: string | undefined;
  targetTab: Weekday;
  userId: number | null;
  /** The collection upload's "Horse: odds" lines, applied after the cards in the same transaction. */
  oddsLines?: MorningOddsLine[];
}

export interface IngestCounts {
  races: number;
  runners: number;
}

/**
 * Stage 1 (spec 02 §2.6 A): the whole workbook is parsed in memory first; only a clean parse
 * replaces the weekday's cards, in one transaction with bulk inserts, together with the stored
 * workbook and its upload_log row. Any failure leaves the previous cards exactly as they were.
 */
export async function uploadMasterExcel(ctx: AppContext, upload: MasterUpload): Promise<AdminActionResult & { counts: IngestCounts }> {
  const { data, targetTab } = upload;
  if (!data || data.length === 0) throw new HttpError(400, 'No file selected: choose the master .xlsx/.xlsm workbook.');
  const parsed = await parseMasterWorkbookOffThread(data, upload.filename);
  if (!parsed.ok) {
    throw new HttpError(422, `The workbook was not loaded: ${describeWorkbookErrors(parsed.errors)}. The ${capitalised(targetTab)} cards are unchanged.`);
  }
  const raceDate = nextRaceDate(ctx.clock.now(), targetTab);
  const filename = safeName(upload.filename, raceDate);
  const counts = { races: parsed.races.length, runners: parsed.runnerCount };
  let message = `Master workbook loaded for ${formatLongDay(raceDate)}: ${counts.races} races and ${counts.runners} runners from sheet "${parsed.sheet}".`;
  await ctx.db.transaction(async (tx) => {
    await replaceWeekday(tx, targetTab, raceDate, parsed.races);
    if (upload.oddsLines?.length) {
      const applied = await applyMorningOddsLines(tx, targetTab, upload.oddsLines);
      message += ` Morning odds set for ${applied.updated} runners${applied.unmatched.length ? `; unmatched: ${applied.unmatched.slice(0, 10).join('; ')}` : ''}.`;
    }
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    const mimeType = filename.toLowerCase().endsWith('.xlsm') ? XLSM_MIME : XLSX_MIME;
    await insertFile(tx, { kind: MASTER_KIND, filename, mimeType, size: data.length, sha256, data });
    await tx.insert(uploadLog).values({ kind: MASTER_KIND, userId: upload.userId, filename, size: data.length, success: true, message, counts: { ...counts, weekday: targetTab, raceDate } });
  });
  return {
    success: true,
    message,
    popupMessage: `Stage 1 complete: ${counts.races} races loaded into the ${capitalised(targetTab)} tab.`,
    counts,
  };
}

/** Deletes the weekday's races (their horses cascade) and writes the new ones in bulk. */
export async function replaceWeekday(tx: Tx, weekday: Weekday, raceDate: string, parsed: ParsedRace[]) {
  // Two uploads for one weekday at once would both delete, then clash on insert: take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${weekday}`}))`);
  await tx.delete(races).where(eq(races.weekday, weekday));
  if (parsed.length === 0) return;
  const inserted = await tx
    .insert(races)
    .values(parsed.map(({ horses: _h, ...race }) => ({ ...race, weekday, raceDate })))
    .returning({ id: races.id, time: races.time, course: races.course });
  const idOf = new Map(inserted.map((r) => [`${r.time}|${r.course}`, r.id]));
  const rows = parsed.flatMap((race) => race.horses.map((h) => ({ ...h, raceId: idOf.get(`${race.time}|${race.course}`)! })));
  for (let i = 0; i < rows.length; i += HORSE_CHUNK) {
    // Give waiting requests their turn between statements: PGlite answers without one otherwise.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    await tx.insert(horses).values(rows.slice(i, i + HORSE_CHUNK));
  }
}

/** The stored name is made here, never taken as-is from the upload. */
function safeName(original: string | undefined, raceDate: string): string {
  const ext = original?.toLowerCase().endsWith('.xlsm') ? 'xlsm' : 'xlsx';
  return `master-${raceDate}.${ext}`;
}
