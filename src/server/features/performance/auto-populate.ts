import type { TipRecord } from '#shared/schemas/performance';
import { SELECTION_TYPES } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { publishedDay } from './published-tips';
import { syncTipsWithPublished, type NewTip, type SyncOutcome } from './record-tips';

export interface AutoPopulateOutcome extends SyncOutcome {
  /** Types whose published text had no horse to read. */
  unreadable: string[];
}

/** The day's published NAP, NB and Longshot as tip records, with the publish time they went to members. */
async function publishedTips(ctx: AppContext, date: string) {
  const published = await publishedDay(ctx.db, date);
  if (!published) throw notFound(`No tips were published for ${date}.`);
  const tips: Array<NewTip & { publishedAt: Date }> = [];
  for (const type of SELECTION_TYPES) {
    const parsed = published.tips[type];
    if (!parsed) continue;
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
  return { tips, unreadable: published.unreadable };
}

/**
 * Creates the NAP, NB and Longshot records from the day's published tips, and brings
 * pending ones in line when the tips were re-published since; settled records are never changed
 * (the outcome lists those that differ, for the admin to correct). Running it twice changes nothing.
 */
export async function autoPopulate(ctx: AppContext, date: string): Promise<AutoPopulateOutcome> {
  const { tips, unreadable } = await publishedTips(ctx, date);
  return { ...(await syncTipsWithPublished(ctx, date, tips, { add: true })), unreadable };
}

/**
 * After the day's tips are published again: its pending records follow them (changed tips
 * updated). Nothing is added: recording stays the admin's step.
 */
export async function followPublishedTips(ctx: AppContext, date: string): Promise<SyncOutcome> {
  const { tips } = await publishedTips(ctx, date);
  return syncTipsWithPublished(ctx, date, tips, { add: false });
}

const names = (records: TipRecord[]) => records.map((r) => r.selectionName).join(', ');

/** The admin's message for an Auto-Populate: everything it did, and what it left for them. */
export function describeAutoPopulate(date: string, o: AutoPopulateOutcome): string {
  const parts: string[] = [];
  const n = (k: number, what: string) => `${k} tip${k === 1 ? '' : 's'} ${what}`;
  if (o.added.length) parts.push(`${n(o.added.length, 'added')} for ${date}`);
  if (o.updated.length) parts.push(`${n(o.updated.length, 'updated')} to the re-published tips (${names(o.updated)})`);
  let message = parts.length
    ? `${parts.join('; ')}.`
    : `Nothing to change: the records for ${date} already match the published tips.`;
  if (o.settledDiffers.length)
    message += ` Already settled and different from the published tips: ${names(o.settledDiffers)} — correct them in Performance History if needed.`;
  if (o.unreadable.length) message += ` Could not read: ${o.unreadable.join(', ')}.`;
  return message;
}
