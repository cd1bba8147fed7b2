import type { MergeSummary } from './merge-plan';

/** What a merge does, in the analyst's words (the confirmations before re-processing and re-uploading show it). */
export function describeChanges(c: MergeSummary): string {
  const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
  const parts = [`${n(c.racesKept, 'race')} and ${n(c.runnersKept, 'runner')} kept`];
  if (c.racesAdded || c.runnersAdded) parts.push(`${n(c.racesAdded, 'race')} and ${n(c.runnersAdded, 'runner')} added`);
  if (c.racesRemoved || c.runnersRemoved)
    parts.push(`${n(c.racesRemoved, 'race')} and ${n(c.runnersRemoved, 'runner')} removed`);
  let text = `${parts.join('; ')}.`;
  if (c.laterValuesKept)
    text += ` ${n(c.laterValuesKept, 'runner keeps', 'runners keep')} what was set after stage 1 (morning odds, non-runners, summaries).`;
  if (c.laterValuesReplaced)
    text += ` ${n(c.laterValuesReplaced, 'runner takes', 'runners take')} the workbook's new values over what was set after stage 1.`;
  return text;
}
