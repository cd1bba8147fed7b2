import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { files, racePreviews, races } from '#server/db/schema';
import { courseKey, timeCandidates } from '../race-cards/upload-verdict';
import { readFileBytes } from '#server/db/file-store';
import { notFound } from '#server/http/errors';
import { cachedJsonText, type JsonText } from '#server/http/json';
import { today } from './master-pdf';
import { PREVIEW_KIND } from './preview-store';

export interface RacePreviewItem {
  id: number;
  raceTime: string;
  course: string;
  isFeature: boolean;
  url: string;
}

const previewUrl = (id: number) => `/api/race-previews/${id}.pdf`;

/**
 * Today's (London) previews in the master's page order, each marked with whether a race on today's
 * cards has its time ("2:10" is 14:10) and course: a preview of no race today (an old master's, the
 * demo's after a real upload) is the admin's to see and clear, never listed for members.
 */
export async function todayPreviewsForAdmin(
  ctx: AppContext,
): Promise<Array<RacePreviewItem & { matchesRace: boolean }>> {
  const day = today(ctx);
  const rows = await ctx.db
    .select({
      id: racePreviews.id,
      raceTime: racePreviews.raceTime,
      course: racePreviews.course,
      isFeature: racePreviews.isFeature,
    })
    .from(racePreviews)
    .where(eq(racePreviews.previewDate, day))
    .orderBy(asc(racePreviews.id));
  const cards = new Set(
    (await ctx.db.select({ time: races.time, course: races.course }).from(races).where(eq(races.raceDate, day))).map(
      (r) => `${r.time}|${courseKey(r.course)}`,
    ),
  );
  const matches = (raceTime: string, course: string) => {
    const [h, m] = raceTime.split(/[:.]/).map(Number);
    return timeCandidates(h, m).some((time) => cards.has(`${time}|${courseKey(course)}`));
  };
  return rows.map((r) => ({ ...r, url: previewUrl(r.id), matchesRace: matches(r.raceTime, r.course) }));
}

/**
 * Today's previews of races on today's cards: what members see under the tips, read with every
 * member's tips page. Kept as JSON with the race cards (namespace 'raceCards': dropped when the
 * cards change, and by the preview writes themselves), per London day.
 */
export function listTodayPreviews(ctx: AppContext): JsonText | Promise<JsonText> {
  return cachedJsonText(ctx.cache, 'raceCards', `previews:${today(ctx)}`, async () =>
    JSON.stringify(
      (await todayPreviewsForAdmin(ctx)).filter((p) => p.matchesRace).map(({ matchesRace: _m, ...p }) => p),
    ),
  );
}

export const RACE_PREVIEW_NOT_FOUND = 'Race preview not found';

export async function getPreviewFile(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ id: files.id, filename: files.filename, sha256: files.sha256 })
    .from(racePreviews)
    .innerJoin(files, eq(files.id, racePreviews.fileId))
    .where(and(eq(racePreviews.id, id), eq(files.kind, PREVIEW_KIND)))
    .limit(1);
  if (!row) throw notFound(RACE_PREVIEW_NOT_FOUND);
  const data = await readFileBytes(ctx.db, row.id);
  if (!data) throw notFound(RACE_PREVIEW_NOT_FOUND);
  return { ...row, data };
}
