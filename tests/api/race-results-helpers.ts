import { expect } from 'vitest';
import { londonInstant } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';

/** A small day of cards uploaded to a weekday tab (stage 1 reads the morning odds of column AS too). */
export async function uploadCards(admin: HttpClient, weekday: string, seed = 11): Promise<SampleRace[]> {
  const sample = makeRaceDay({ races: 2, runners: 5, seed });
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook(sample), weekday),
  );
  expect(res.status, res.text).toBe(200);
  return sample;
}

/** "12:15 Ascot: A 5/2, B 7/1; NR: C" for a sample race: the given horse indexes in finishing order. */
export function resultLine(
  race: SampleRace,
  placed: number[],
  nonRunners: number[] = [],
  prices = ['5/2', '7/1', '12/1'],
): string {
  const finishers = placed.map((i, k) => `${race.horses[i].name} ${prices[k] ?? ''}`.trim()).join(', ');
  const nr = nonRunners.length ? `; NR: ${nonRunners.map((i) => race.horses[i].name).join(', ')}` : '';
  return `${race.time} ${race.course}: ${finishers}${nr}`;
}

export async function enterResults(admin: HttpClient, date: string, lines: string[]) {
  return admin.post('/api/admin/race-results', { date, lines: lines.join('\n') });
}

/** The first minute a race counts as off (its London minute over): when its result may be entered. */
export const afterTheOff = (date: string, time: string) => new Date(londonInstant(date, time).getTime() + 60_000);
