import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { files, racePreviews } from '#server/db/schema';
import { readFileBytes } from '#server/db/file-store';
import { notFound } from '#server/http/errors';
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

/** Today's (London) previews in the master's page order. */
export async function listTodayPreviews(ctx: AppContext): Promise<RacePreviewItem[]> {
  const rows = await ctx.db
    .select({ id: racePreviews.id, raceTime: racePreviews.raceTime, course: racePreviews.course, isFeature: racePreviews.isFeature })
    .from(racePreviews)
    .where(eq(racePreviews.previewDate, today(ctx)))
    .orderBy(asc(racePreviews.id));
  return rows.map((r) => ({ ...r, url: previewUrl(r.id) }));
}

export async function countTodayPreviews(ctx: AppContext): Promise<number> {
  return (await listTodayPreviews(ctx)).length;
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
