import { expect } from 'vitest';
import type { RaceCard, RaceCardsMetadata } from '#shared/schemas/race-cards';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

/** Wednesday 25 November 2026, 09:00 London (GMT): the morning of a race day whose first race is at 12:15. */
export const TODAY = '2026-11-25';
const WEEKDAY = 'wednesday' as const;
export const setMorning = (t: TestApp) => t.clock.set(new Date(`${TODAY}T09:00:00Z`));

/** Two races of five runners on today's tab (stage 1; its morning odds column is on the cards, but dated nowhere). */
export async function uploadDay(admin: HttpClient, seed = 11): Promise<SampleRace[]> {
  const sample = makeRaceDay({ races: 2, runners: 5, seed });
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook(sample), WEEKDAY),
  );
  expect(res.status, res.text).toBe(200);
  return sample;
}

/** Stage 3: the same workbook with these morning odds (every runner, in card order, race by race). */
export async function uploadMorningOdds(admin: HttpClient, sample: SampleRace[], odds: Array<Array<string | number>>) {
  const priced = sample.map((race, r) => ({
    ...race,
    horses: race.horses.map((h, i) => ({ ...h, odds: odds[r][i] })),
  }));
  const form = new FormData();
  form.append('targetTab', WEEKDAY);
  form.append('masterWithOdds', new Blob([new Uint8Array(await raceDayWorkbook(priced))]), 'master-odds.xlsx');
  const res = await admin.post('/api/vbg-race-cards/upload-master-with-morning-odds', form);
  expect(res.status, res.text).toBe(200);
}

export const MORNING: Array<Array<string | number>> = [
  ['5/1', '6/4', '8/1', 12, '3/1'],
  ['7/2', '4/1', 'evs', '10/1', 15],
];

export async function pastePrices(admin: HttpClient, date: string, lines: string[]) {
  return admin.post('/api/admin/prices', { date, lines: lines.join('\n') });
}

/** The members' race card of a sample race. */
export async function raceCard(member: HttpClient, race: SampleRace): Promise<RaceCard> {
  const metadata = (await member.get('/api/vbg-race-cards-metadata')).json as RaceCardsMetadata;
  const id = metadata[WEEKDAY].find((r) => r.time === race.time && r.course === race.course)!.id;
  const res = await member.get(`/api/vbg-race-cards/race/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json as RaceCard;
}
