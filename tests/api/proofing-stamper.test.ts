import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, londonDate } from '#shared/london-time';
import type { ProofingStatus } from '#shared/schemas/proofing';
import { outbox, proofReceipts, proofStamps } from '#server/db/schema';
import { Stamper, stampRetryDelay, wakeStamper } from '#server/features/proofing/stamper';
import { opensslVerify, startOpensslTsa, type OpensslTsa } from '../support/openssl-tsa';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publishReceipts, THREE_TIPS } from './proofing-helpers';

/**
 * The stamper against OpenSSL's own time-stamp authority: it stamps each day's newest head,
 * verifies the token, marks the receipts whose race was still to run, retries a failing authority
 * with backoff, gives up once the races are off, and copies the lodgement e-mail's sending time.
 * (OpenSSL stamps with the real time; the test clock moves only the retry schedule.)
 */
let t: TestApp;
let tsa: OpensslTsa;

beforeAll(async () => {
  tsa = await startOpensslTsa();
  t = await startTestApp({
    PROOFING_TSA_URL: tsa.url,
    PROOFING_TSA_CA: tsa.caPath,
    PROOFING_EMAIL: 'lodge@example.org',
  });
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});
beforeEach(async () => {
  await t.reset();
  tsa.mode = 'normal';
});

const stamper = () => new Stamper(t.ctx, { timeoutMs: 1000 });
const stampsOf = (day: string) =>
  t.ctx.db.select().from(proofStamps).where(eq(proofStamps.raceDate, day)).orderBy(asc(proofStamps.receipts));
const receiptsOf = (day: string) =>
  t.ctx.db.select().from(proofReceipts).where(eq(proofReceipts.raceDate, day)).orderBy(asc(proofReceipts.seq));
const tomorrow = () => addDays(londonDate(new Date()), 1);
const yesterday = () => addDays(londonDate(new Date()), -1);

async function adminStatus(day: string): Promise<ProofingStatus> {
  const { client } = await signedIn(t, 'admin');
  const res = await client.get(`/api/admin/proofing/status?date=${day}`);
  expect(res.status).toBe(200);
  return res.json as ProofingStatus;
}

describe('a day stamped before its races', () => {
  it('stores a token openssl ts -verify accepts for the root, and proofs every receipt', async () => {
    const day = tomorrow();
    const { root } = await publishReceipts(t, day, THREE_TIPS);
    await t.ctx.cache.get('pages', '/record', () => Promise.resolve('before the stamp'));
    expect(await stamper().runOnce()).toBe(1);
    // The rendered record page is dropped: it shows the day's stamp.
    expect(await t.ctx.cache.get('pages', '/record', () => Promise.resolve('after the stamp'))).toBe('after the stamp');

    const [stamp] = await stampsOf(day);
    expect(stamp.status).toBe('stamped');
    expect(stamp.tsaUrl).toBe(tsa.url);
    expect(stamp.attempts).toBe(1);
    expect(Math.abs(stamp.genTime!.getTime() - Date.now())).toBeLessThan(10_000);
    const file = path.join(tsa.dir, `stamp-${day}.der`);
    fs.writeFileSync(file, stamp.token!);
    const verified = await opensslVerify(file, root, tsa.caPath);
    expect(verified.output).toContain('Verification: OK');

    const receipts = await receiptsOf(day);
    expect(receipts.map((r) => r.proofedAt)).toEqual([stamp.genTime, stamp.genTime, stamp.genTime]);
    expect(await stamper().runOnce()).toBe(0); // nothing left to stamp

    const status = await adminStatus(day);
    expect(status.stamps).toHaveLength(1);
    expect(status.stamps[0].lines[0]).toMatch(/^Stamped \d\d:\d\d:\d\d by 127\.0\.0\.1:\d+$/);
  });

  it("stamps only the day's newest head, which covers the older pending one", async () => {
    const day = tomorrow();
    const first = await publishReceipts(t, day, THREE_TIPS.slice(0, 2));
    const second = await publishReceipts(t, day, [{ ...THREE_TIPS[0], advised: '5/1', replaces: 1 }], {
      after: first.hashes.map((hash) => ({ hash })),
    });
    expect(await stamper().runOnce()).toBe(1);
    const stamps = await stampsOf(day);
    expect(stamps.map((s) => [s.receipts, s.status])).toEqual([
      [2, 'superseded'],
      [3, 'stamped'],
    ]);
    expect(stamps[1].root).toBe(second.root);
    expect((await receiptsOf(day)).every((r) => r.proofedAt?.getTime() === stamps[1].genTime!.getTime())).toBe(true);
  });
});

it('a stamp made after the off leaves the receipt not proofed', async () => {
  const day = yesterday();
  await publishReceipts(t, day, THREE_TIPS);
  await stamper().runOnce();
  const [stamp] = await stampsOf(day);
  expect(stamp.status).toBe('stamped');
  expect((await receiptsOf(day)).map((r) => r.proofedAt)).toEqual([null, null, null]);
});

describe('a failing authority', () => {
  it('is retried with backoff and the day is stamped once it answers', async () => {
    const day = tomorrow();
    await publishReceipts(t, day, THREE_TIPS);
    tsa.mode = 'http500';
    const s = stamper();
    expect(await s.runOnce()).toBe(1);
    let [stamp] = await stampsOf(day);
    expect(stamp).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'The time-stamp authority answered HTTP 500.',
    });
    expect(stamp.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(14_000);
    expect(stamp.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(15_000);
    expect(await s.runOnce()).toBe(0); // not due yet

    tsa.mode = 'stall';
    t.clock.advance(stampRetryDelay(1));
    expect(await s.runOnce()).toBe(1);
    [stamp] = await stampsOf(day);
    expect(stamp).toMatchObject({ status: 'pending', attempts: 2 });
    expect(stamp.lastError).toContain('did not answer within 1 s (timeout)');
    const status = await adminStatus(day);
    expect(status.stamps[0].lines[0]).toMatch(
      /^Not stamped: attempt 2 failed \(The time-stamp authority did not answer within 1 s \(timeout\)\.\), next try \d\d:\d\d$/,
    );

    tsa.mode = 'normal';
    t.clock.advance(stampRetryDelay(2));
    expect(await s.runOnce()).toBe(1);
    [stamp] = await stampsOf(day);
    expect(stamp).toMatchObject({ status: 'stamped', attempts: 3, lastError: null });
    expect((await receiptsOf(day)).every((r) => r.proofedAt !== null)).toBe(true);
  });

  it('backs off 15 s, 30 s, 1 min, 2 min, then 5 min', () => {
    expect([1, 2, 3, 4, 5, 9].map(stampRetryDelay)).toEqual([15_000, 30_000, 60_000, 120_000, 300_000, 300_000]);
  });

  it("is given up once the day's last race is off, and the receipts stay not proofed", async () => {
    const day = yesterday();
    await publishReceipts(t, day, THREE_TIPS);
    tsa.mode = 'otherCa';
    await stamper().runOnce();
    const [stamp] = await stampsOf(day);
    expect(stamp.status).toBe('failed');
    expect(stamp.lastError).toContain('does not chain to the trusted CA');
    expect((await receiptsOf(day)).every((r) => r.proofedAt === null)).toBe(true);
    const status = await adminStatus(day);
    expect(status.stamps[0].lines[0]).toContain('Not stamped: gave up after attempt 1');
  });
});

it("copies the lodgement e-mail's sending time, which stays once the outbox row is pruned", async () => {
  const day = tomorrow();
  const lodged = new Date(Date.now() - 60_000);
  const { outboxKey } = await publishReceipts(t, day, THREE_TIPS, { lodged });
  await stamper().runOnce();
  await t.ctx.db.delete(outbox).where(eq(outbox.idempotencyKey, outboxKey));
  await stamper().runOnce();
  const [stamp] = await stampsOf(day);
  expect(stamp.lodgedAt).toEqual(lodged);
  const status = await adminStatus(day);
  expect(status.stamps[0].lines[1]).toMatch(/^Lodgement e-mail sent \d\d:\d\d:\d\d$/);
});

it("the app's own stamper starts with it, stamps as soon as publishing wakes it, and stops with it", async () => {
  const app = await startTestApp(
    { PROOFING_TSA_URL: tsa.url, PROOFING_TSA_CA: tsa.caPath, PROOFING_EMAIL: 'lodge@example.org' },
    { proofStamping: true },
  );
  try {
    const day = tomorrow();
    await publishReceipts(app, day, THREE_TIPS);
    await wakeStamper(app.ctx);
    // Well inside the 15 s poll: the wake-up starts a pass at once.
    await expect
      .poll(async () => (await app.ctx.db.select().from(proofStamps).where(eq(proofStamps.raceDate, day)))[0]?.status, {
        timeout: 5000,
        interval: 50,
      })
      .toBe('stamped');
  } finally {
    await app.close();
  }
});
