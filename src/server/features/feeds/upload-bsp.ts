import { bspBatch, bspMarketOfName, parseBspFile, type BspMarket, type BspRow } from '#shared/bsp-file';
import type { BspUploadAnswer } from '#shared/schemas/feeds';
import { isStorableText } from '#shared/text-safety';
import type { AppContext } from '#server/context';
import { HttpError } from '#server/http/errors';
import { applyFeedBatch } from './apply-batch';
import { readFeedStatus, writeFeedStatus } from './status';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface UploadedBspFile {
  data: Buffer;
  filename: string | undefined;
}

/** A file's rows, read whole before anything is written; a refusal names the file and its lines. */
function rowsOf(file: UploadedBspFile, market: BspMarket): BspRow[] {
  const what = market === 'win' ? 'The win file' : 'The place file';
  const named = file.filename ? bspMarketOfName(file.filename) : null;
  if (named && named !== market)
    throw new HttpError(
      400,
      `${what} is named as Betfair's ${named} file (${file.filename}): put each file in its own field.`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    text = '\u0000';
  }
  if (file.data.length === 0 || !isStorableText(text))
    throw new HttpError(
      400,
      `${what} is not a CSV text file: upload Betfair's dwbfprices…${market}….csv as downloaded.`,
    );
  const { rows, problems } = parseBspFile(text);
  if (problems.length) throw new HttpError(400, `${what} was refused, nothing was saved. ${problems.join(' ')}`);
  return rows;
}

/**
 * POST /api/admin/feeds/bsp: a day's BSP win file (and its place file, to settle placings) uploaded
 * by the admin, read and written exactly as the BSP feed's own (applyFeedBatch). Both files are
 * read whole first: a malformed one refuses the upload and nothing is written.
 */
export async function uploadBspFiles(
  ctx: AppContext,
  win: UploadedBspFile | undefined,
  place: UploadedBspFile | undefined,
): Promise<BspUploadAnswer> {
  if (!win)
    throw new HttpError(400, "Choose the day's BSP win file (dwbfprices…win….csv); the place file is optional.");
  const winRows = rowsOf(win, 'win');
  const placeRows = place ? rowsOf(place, 'place') : null;
  const days = (rows: BspRow[]) => [...new Set(rows.map((r) => r.date))].sort().join(', ');
  if (placeRows && days(placeRows) !== days(winRows))
    throw new HttpError(
      400,
      `The win file is for ${days(winRows)} but the place file for ${days(placeRows)}: upload one day's pair.`,
    );
  const batch = bspBatch(winRows, placeRows);
  const applied = await applyFeedBatch(ctx, 'bsp', batch);
  const now = ctx.clock.now();
  let message = `BSP files for ${days(winRows)} read: ${plural(applied.prices, 'new BSP')}, ${plural(applied.results, 'result')} saved`;
  if (applied.figures) message += `, ${plural(applied.figures, 'result')} given BSPs or SPs`;
  message += '.';
  if (applied.tipsSettled.length)
    message += ` Settled: ${applied.tipsSettled.map((t) => `${t.selectionName} ${t.result}`).join(', ')}.`;
  const unmatched = applied.problems.length - applied.notOff.length;
  if (unmatched) message += ` ${plural(unmatched, 'name')} not matched to the cards.`;
  if (applied.notOff.length)
    message += ` Refused, not off yet (London time): ${applied.notOff.join(', ')}; if a race time is wrong, correct it on the cards first.`;
  const before = await readFeedStatus(ctx, 'bsp');
  await writeFeedStatus(ctx, {
    ...before,
    state: 'ok',
    message: [`Uploaded by the admin. ${message}`, ...batch.notes].join(' '),
    failures: 0,
    lastAttemptAt: now,
    lastSuccessAt: now,
    unmatched: applied.problems,
  });
  return {
    success: true,
    message,
    popupMessage: message,
    prices: applied.prices,
    results: applied.results,
    unmatched: applied.problems,
  };
}
