import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, londonDate } from '#shared/london-time';
import { recordDaySchema, type RecordDay } from '#shared/proofing/record-json';
import { chainRoot } from '#shared/proofing/receipt';
import { outbox } from '#server/db/schema';
import { Stamper } from '#server/features/proofing/stamper';
import type { ResultsResponse } from '#shared/schemas/performance';
import { uploadTodaysCards, type SampleRace } from '../fixtures/race-day';
import { execFile, opensslVerify, startOpensslTsa, type OpensslTsa } from '../support/openssl-tsa';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { afterTheOff, enterResults, resultLine } from './race-results-helpers';
import { tipsBody } from './tips-helpers';

/**
 * The whole proofing path through the real routes: the analyst publishes three tips and a Lucky 15
 * on the day's cards; OpenSSL's own time-stamp authority stamps the day's root before the races;
 * the record a member downloads is checked by `openssl ts -verify` and by `npm run verify-record`,
 * which refuses a copy with one price changed; results are taken only after the off, and the
 * settled tips count as proofed. The day is tomorrow (real time), so the authority's real clock is
 * before every off.
 */
const LODGE = 'receipts@lodgement.example';
let t: TestApp;
let tsa: OpensslTsa;
beforeAll(async () => {
  tsa = await startOpensslTsa();
  t = await startTestApp({ PROOFING_TSA_URL: tsa.url, PROOFING_TSA_CA: tsa.caPath, PROOFING_EMAIL: LODGE });
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const line = (race: SampleRace, k: number, odds: string) =>
  `${race.horses[k].name} – ${race.time} ${race.course} (${odds})`;

async function verifyRecord(record: RecordDay, name: string) {
  const file = path.join(tsa.dir, name);
  fs.writeFileSync(file, JSON.stringify(record));
  return execFile('npm', ['run', '--silent', 'verify-record', '--', file, '--ca', tsa.caPath]).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, output: err.stdout + err.stderr }),
  );
}

it('three tips and a Lucky 15: seven receipts, a stamped root, the lodgement e-mail, and a record anyone can check', async () => {
  t.clock.set(new Date(`${addDays(londonDate(new Date()), 1)}T08:00:00Z`));
  const { today: day, races } = await uploadTodaysCards(t, 11);
  const [a, b] = races;
  const legs = [a.horses[1], a.horses[2], b.horses[1], b.horses[2]];
  const { client: admin } = await signedIn(t, 'admin');
  const published = await admin.post(
    '/api/secure-content-upload',
    tipsBody({
      nap: line(a, 0, '11/2'),
      nb: line(b, 0, '9/2'),
      longshot: line(a, 3, '20/1'),
      multiple1: `Lucky 15: ${legs.map((h) => h.name).join(', ')}`,
      multiple2: '',
      confirmShortPrices: true,
      confirmUnproofedLegs: undefined,
    }),
  );
  expect(published.status, published.text).toBe(200);
  expect(published.json.receiptsAdded).toBe(7);
  // The analyst adds the day's tips to the record (they point at their receipts).
  expect((await admin.post('/api/admin/auto-populate-performance', { date: day })).status).toBe(200);

  // The lodgement e-mail waits in the outbox for the independent address, naming the root.
  const [lodgement] = await t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'proofing'));
  expect(lodgement.recipient).toBe(LODGE);

  expect(await new Stamper(t.ctx, { timeoutMs: 5000 }).runOnce()).toBe(1);

  const { client: member } = await signedIn(t, 'member');
  const answer = await member.get(`/api/record/${day}`);
  expect(answer.status).toBe(200);
  const record = recordDaySchema.parse(answer.json);
  expect(record.receipts).toHaveLength(7);
  for (const receipt of record.receipts) expect(receipt.hash).toBe(sha256(receipt.opening!));
  expect(record.receipts.map((r) => r.kind)).toEqual(['nap', 'nb', 'longshot', 'leg', 'leg', 'leg', 'leg']);
  expect(record.root).toBe(
    chainRoot(
      day,
      record.receipts.map((r) => r.hash),
    ),
  );
  expect(lodgement.subject).toContain(record.root);
  expect(record.receipts.every((r) => r.proofedAt !== null)).toBe(true);

  // OpenSSL itself accepts the token for the root against the configured CA.
  const tokenFile = path.join(tsa.dir, 'whole-day.der');
  fs.writeFileSync(tokenFile, Buffer.from(record.timestamp!.token, 'base64'));
  const openssl = await opensslVerify(tokenFile, record.root, tsa.caPath);
  expect(openssl.output).toContain('Verification: OK');
  expect(openssl.code).toBe(0);

  const good = await verifyRecord(record, 'whole-day.json');
  expect(good.output).toContain(`${day}: 7 receipts, root ${record.root}: the chain holds.`);
  expect(good.output).toContain('7 receipt(s) stamped before their race was off.');
  expect(good.code).toBe(0);

  // One leg's advised price changed after the fact: the checker names that receipt.
  const changed = structuredClone(record);
  const leg = changed.receipts[4];
  const advised = /"advised":"([^"]+)"/.exec(leg.opening!)![1];
  leg.opening = leg.opening!.replace(`"advised":"${advised}"`, `"advised":"${advised === '100/1' ? '50/1' : '100/1'}"`);
  const bad = await verifyRecord(changed, 'whole-day-changed.json');
  expect(bad.output).toMatch(/^receipt 5 \(\d\d:\d\d .+ leg\b.*\): hash does not match its opening$/m);
  expect(bad.code).toBe(1);

  // A result for a race not yet off is refused and settles nothing.
  const early = await enterResults(admin, day, [resultLine(a, [0, 1, 2])]);
  expect(early.status).toBe(422);
  expect(early.json.message).toContain(`The ${a.time} ${a.course} is not off until ${a.time}`);
  expect((await admin.get('/api/results')).json.tips).toEqual([]);

  // After the off the tips settle, and the record counts them as proofed.
  t.clock.set(afterTheOff(day, b.time));
  const { client: analyst } = await signedIn(t, 'admin', 'analyst@example.com'); // a session of the afternoon
  const entered = await enterResults(analyst, day, [resultLine(a, [0, 1, 2]), resultLine(b, [1, 0, 2])]);
  expect(entered.status, entered.text).toBe(200);
  const results = (await analyst.get('/api/results')).json as ResultsResponse;
  expect(results.tips.map((tip) => [tip.selectionType, tip.proofed])).toEqual(
    expect.arrayContaining([
      ['nap', true],
      ['nb', true],
      ['longshot', true],
    ]),
  );
  expect(results.proofing).toEqual({ proofed: 3, notProofed: 0 });
  expect(results.multiples.list.map((m) => [m.label, m.proofed])).toEqual([['Lucky 15', true]]);
}, 60_000);
