import { eq, sql } from 'drizzle-orm';
import { type Weekday, weekdayName } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { races } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { listSome, logUpload } from './upload-log';
import { parseVerdictDocxOffThread } from './parse-off-thread';
import type { VerdictSection } from './verdict-document';

export const VERDICT_KIND = 'verdict-docx';

export interface VerdictUpload {
  data: Buffer | undefined;
  filename: string | undefined;
  targetTab: Weekday;
  userId: number | null;
}

/** Course names compared without case or spaces. */
export const courseKey = (course: string) => course.toLowerCase().replace(/\s+/g, '');

/** "14:10" and, for 1–11 o'clock, the afternoon reading too ("2:10" ≡ "14:10"). */
export function timeCandidates(hour: number, minute: number): string[] {
  const mm = String(minute).padStart(2, '0');
  const out = [`${String(hour).padStart(2, '0')}:${mm}`];
  if (hour >= 1 && hour <= 11) out.push(`${hour + 12}:${mm}`);
  return out;
}

/**
 * Stage 2: the document is read completely first; each "HH:MM Course" section
 * becomes the verdict of the weekday's race with that time and course. Races the document does
 * not mention keep their verdict. All writes in one transaction; a refused file changes nothing.
 */
export async function uploadVerdict(ctx: AppContext, upload: VerdictUpload): Promise<AdminActionResult> {
  const { data, targetTab } = upload;
  const day = weekdayName(targetTab);
  if (!data || data.length === 0) throw new HttpError(400, 'No file selected: choose the race verdict .docx document.');
  const sections = await parseVerdictDocxOffThread(data);
  if (sections.length === 0) {
    throw new HttpError(
      422,
      `No race headings found: start each race with a heading or bold line such as "14:10 Ascot". The ${day} verdicts are unchanged.`,
    );
  }
  const result = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${targetTab}`}))`);
    const dayRaces = await tx
      .select({ id: races.id, time: races.time, course: races.course })
      .from(races)
      .where(eq(races.weekday, targetTab));
    if (dayRaces.length === 0)
      throw new HttpError(409, `There are no ${day} races yet: upload the master workbook (stage 1) first.`);
    const byKey = new Map(dayRaces.map((r) => [`${r.time}|${courseKey(r.course)}`, r]));
    const matched = new Map<number, VerdictSection>();
    const unknown: string[] = [];
    for (const s of sections) {
      const race = timeCandidates(s.hour, s.minute)
        .map((t) => byKey.get(`${t}|${courseKey(s.course)}`))
        .find(Boolean);
      if (race)
        matched.set(race.id, s); // a repeated heading: the later section wins
      else unknown.push(s.heading);
    }
    if (matched.size) {
      const values = sql.join(
        [...matched].map(([id, s]) => sql`(${id}::int, ${s.text}::text)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${races} set verdict = v.verdict from (values ${values}) as v(id, verdict) where ${races.id} = v.id and ${races.weekday} = ${targetTab}`,
      );
    }
    const missing = dayRaces
      .filter((r) => !matched.has(r.id))
      .sort((a, b) => a.time.localeCompare(b.time))
      .map((r) => `${r.time} ${r.course}`);
    const message = `Verdicts loaded for ${matched.size} of ${dayRaces.length} ${day} races.`;
    await logUpload(tx, VERDICT_KIND, upload, {
      message,
      counts: { weekday: targetTab, matched: matched.size, races: dayRaces.length, unknownHeadings: unknown.length },
    });
    return { message, missing, unknown };
  });
  const parts = [`Stage 2 complete: ${result.message}`];
  if (result.missing.length) parts.push(`Races without a verdict: ${listSome(result.missing, ', ')}.`);
  if (result.unknown.length) parts.push(`Headings without a race: ${listSome(result.unknown, ', ')}.`);
  return { success: true, message: result.message, popupMessage: parts.join(' ') };
}
