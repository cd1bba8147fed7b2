import { expect } from 'vitest';
import { files, racePreviews } from '#server/db/schema';
import { makeRaceDay, masterForm as workbookForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';

export function masterForm(bytes: Uint8Array, name = 'master.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('pdf', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}

export async function uploadMaster(admin: HttpClient, bytes: Uint8Array) {
  const res = await admin.post('/api/admin/upload-master-pdf', masterForm(bytes));
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The races of the standard master PDF (tests/fixtures/race-preview-pdf.ts), as today's cards. */
const STANDARD_RACES = [
  { time: '13:50', course: 'Ascot' },
  { time: '14:30', course: 'Ascot' },
  { time: '15:05', course: 'Haydock Park' },
  { time: '14:10', course: 'Newton Abbot' },
];

/** Today's cards (stage 1, today's weekday tab) with these races: members see only previews of races on them. */
export async function uploadTodaysCards(admin: HttpClient, list = STANDARD_RACES) {
  const { today } = (await admin.get('/api/vbg-race-cards')).json as { today: string };
  const day = makeRaceDay({ races: list.length, runners: 3, seed: 3 }).map((race, i) => ({ ...race, ...list[i] }));
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    workbookForm(await raceDayWorkbook(day), today),
  );
  expect(res.status, res.text).toBe(200);
}

/** Today's cards of the standard races (unless `cards` is false), then the master PDF uploaded and processed. */
export async function uploadAndProcess(admin: HttpClient, bytes: Uint8Array, { cards = true } = {}) {
  if (cards) await uploadTodaysCards(admin);
  await uploadMaster(admin, bytes);
  const res = await admin.post('/api/process-master-pdf');
  expect(res.status, res.text).toBe(200);
  return res;
}

export async function storedCounts(t: TestApp) {
  const fileRows = await t.ctx.db.select({ kind: files.kind }).from(files);
  const previews = await t.ctx.db.select({ id: racePreviews.id }).from(racePreviews);
  return {
    masters: fileRows.filter((f) => f.kind === 'master-preview-pdf').length,
    previewFiles: fileRows.filter((f) => f.kind === 'race-preview-pdf').length,
    previews: previews.length,
  };
}

/** The raw bytes of a GET with the client's cookies (HttpClient reads bodies as text). */
export async function getBytes(t: TestApp, client: HttpClient, path: string) {
  const res = await fetch(t.baseUrl + path, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
