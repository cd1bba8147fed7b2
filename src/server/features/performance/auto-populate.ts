import { eq } from 'drizzle-orm';
import type { TipRecord } from '../../../shared/schemas/performance';
import { SELECTION_TYPES } from '../../../shared/tip-stats';
import { parseTipText } from '../../../shared/tip-text';
import type { AppContext } from '../../context';
import { dailyTips } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordMissingTips, type NewTip } from './record-tips';

export interface AutoPopulateOutcome {
  added: TipRecord[];
  /** Types whose published text had no horse to read. */
  unreadable: string[];
}

/**
 * Creates the NAP, NB and Longshot records from the day's published tips (spec 02 §7). Types
 * already recorded for that day are left alone, so running it twice adds nothing. The records
 * carry the tips' publish time, the moment they went to members.
 */
export async function autoPopulate(ctx: AppContext, date: string): Promise<AutoPopulateOutcome> {
  const [published] = await ctx.db.select().from(dailyTips).where(eq(dailyTips.tipsDate, date)).limit(1);
  if (!published) throw notFound(`No tips were published for ${date}.`);
  const tips: Array<NewTip & { publishedAt: Date }> = [];
  const unreadable: string[] = [];
  for (const type of SELECTION_TYPES) {
    const parsed = parseTipText(published[type]);
    if (!parsed) {
      if (published[type].trim()) unreadable.push(type);
      continue;
    }
    tips.push({
      raceDate: date,
      raceTime: parsed.raceTime,
      raceLocation: parsed.raceLocation,
      selectionName: parsed.selectionName,
      selectionType: type,
      advisedOdds: parsed.advisedOdds,
      publishedAt: published.publishedAt,
    });
  }
  const added = await recordMissingTips(ctx, date, tips);
  return { added, unreadable };
}
