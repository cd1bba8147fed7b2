import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { formatLongDay } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { files, racePreviews } from '#server/db/schema';
import { insertFile } from '#server/db/file-store';
import { conflict, HttpError, notFound } from '#server/http/errors';
import { extractPageTexts } from './extract-text';
import { loadPdf } from '#server/pdf/load';
import { findWaitingMaster, readMasterBytes, today } from './master-pdf';
import { deleteDayPreviews, PREVIEW_KIND, slug } from './preview-store';
import { planSplit, type PlannedRace } from './split-plan';

export interface SplitResult {
  message: string;
  count: number;
}

const pageList = (pages: number[]) =>
  pages.length === 1 ? `Page ${pages[0]}` : `Pages ${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;

async function readTexts(data: Uint8Array): Promise<string[]> {
  try {
    return await extractPageTexts(data);
  } catch {
    throw new HttpError(422, 'The master PDF could not be read for its text. Please export it again and re-upload.');
  }
}

async function racePdf(source: PDFDocument, race: PlannedRace): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(`${race.raceTime} ${race.course} preview`);
  const copied = await out.copyPages(source, race.pages);
  for (const page of copied) out.addPage(page);
  return out.save();
}

/**
 * Splits the day's waiting master into one PDF per race (decision 0007). Everything is read and
 * written in memory first; then the day's previews are replaced and the master consumed in one
 * transaction. A master without any race heading is refused and nothing changes.
 */
export async function splitMasterPdf(ctx: AppContext): Promise<SplitResult> {
  const day = today(ctx);
  const master = await findWaitingMaster(ctx.db, day);
  if (!master) throw notFound(`No master PDF is waiting for ${formatLongDay(day)}. Upload one first.`);
  const data = await readMasterBytes(ctx.db, master.id);
  if (!data)
    throw conflict(
      'The master PDF was processed or replaced by another request. Check for a master PDF and try again.',
    );

  const plan = planSplit(await readTexts(data));
  if (plan.races.length === 0) {
    throw new HttpError(
      422,
      `No race headings found in the master PDF: no page has a line starting with a race time and course, such as "14:30 Ascot". Nothing was changed.`,
    );
  }
  const { pdf: source } = await loadPdf(data, 'The master PDF');
  const outputs: { race: PlannedRace; bytes: Uint8Array; filename: string }[] = [];
  for (const [i, race] of plan.races.entries()) {
    const bytes = await racePdf(source, race).catch(() => {
      throw new HttpError(
        422,
        `The pages of ${race.raceTime} ${race.course} could not be copied out of the master PDF. Please export it again and re-upload.`,
      );
    });
    const filename = `race-preview-${day}-${String(i + 1).padStart(2, '0')}-${race.raceTime.replace(':', '')}-${slug(race.course)}.pdf`;
    outputs.push({ race, bytes, filename });
  }

  const replaced = await ctx.db.transaction(async (tx) => {
    // Consuming the master first locks it: a second request processing at once waits, then finds it gone.
    const consumed = await tx.delete(files).where(eq(files.id, master.id)).returning({ id: files.id });
    if (consumed.length === 0)
      throw conflict(
        'The master PDF was processed or replaced by another request. Check for a master PDF and try again.',
      );
    const removed = await deleteDayPreviews(tx, day);
    const idByName = new Map<string, number>();
    for (const o of outputs) {
      const sha256 = crypto.createHash('sha256').update(o.bytes).digest('hex');
      const stored = await insertFile(tx, {
        kind: PREVIEW_KIND,
        filename: o.filename,
        mimeType: 'application/pdf',
        size: o.bytes.length,
        sha256,
        data: o.bytes,
      });
      idByName.set(o.filename, stored.id);
    }
    await tx.insert(racePreviews).values(
      outputs.map((o) => ({
        previewDate: day,
        raceTime: o.race.raceTime,
        course: o.race.course,
        isFeature: o.race.isFeature,
        fileId: idByName.get(o.filename)!,
      })),
    );
    return removed;
  });
  // Members' list of today's previews is cached with the race cards (listTodayPreviews).
  await ctx.cache.invalidate('raceCards');

  const count = plan.races.length;
  const features = plan.races.filter((r) => r.isFeature).length;
  const parts = [
    `Created ${count} race ${count === 1 ? 'preview' : 'previews'} for ${formatLongDay(day)}` +
      (features ? ` (${features} feature ${features === 1 ? 'race' : 'races'})` : '') +
      (replaced ? `, replacing the ${replaced} there ${replaced === 1 ? 'was' : 'were'}.` : '.'),
  ];
  if (plan.unmatchedPages.length) {
    parts.push(
      `${pageList(plan.unmatchedPages)} matched no race (no "HH:MM Course" heading before ${plan.unmatchedPages.length === 1 ? 'it' : 'them'}) and ${plan.unmatchedPages.length === 1 ? 'was' : 'were'} left out.`,
    );
  }
  return { message: parts.join(' '), count };
}
