import { eq } from 'drizzle-orm';
import { SELECTION_TYPES, type SelectionType } from '#shared/tip-stats';
import { parseTipText, type ParsedTip } from '#shared/tip-text';
import type { DbOrTx } from '#server/db/client';
import { dailyTips } from '#server/db/schema';

export interface PublishedDay {
  publishedAt: Date;
  /** Each type's published tip as read from its text; a type whose text has no horse is missing. */
  tips: Partial<Record<SelectionType, ParsedTip>>;
  /** Types whose published text had no horse to read. */
  unreadable: SelectionType[];
}

/** The NAP, NB and Longshot that members were given for a London day, or null when none were published. */
export async function publishedDay(db: DbOrTx, date: string): Promise<PublishedDay | null> {
  const [published] = await db.select().from(dailyTips).where(eq(dailyTips.tipsDate, date)).limit(1);
  if (!published) return null;
  const day: PublishedDay = { publishedAt: published.publishedAt, tips: {}, unreadable: [] };
  for (const type of SELECTION_TYPES) {
    const parsed = parseTipText(published[type]);
    if (parsed) day.tips[type] = parsed;
    else if (published[type].trim()) day.unreadable.push(type);
  }
  return day;
}
