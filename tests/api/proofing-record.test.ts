import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, londonDate, londonInstant } from '#shared/london-time';
import { recordDaySchema, recordDaysSchema, type RecordDay } from '#shared/proofing/record-json';
import { receiptHash } from '#shared/proofing/receipt';
import type { ProofingStatus } from '#shared/schemas/proofing';
import { Stamper } from '#server/features/proofing/stamper';
import { execFile, startOpensslTsa, type OpensslTsa } from '../support/openssl-tsa';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publishReceipts, THREE_TIPS } from './proofing-helpers';

/**
 * GET /api/record/:date and /api/record: hashes, roots and tokens for anyone at once, the openings
 * for members until the day is over; and `npm run verify-record` on what it answers. The app has
 * no time-stamp authority configured (its admin status says so); the tests stamp with a stamper
 * given OpenSSL's authority.
 */
let t: TestApp;
let tsa: OpensslTsa;

beforeAll(async () => {
  tsa = await startOpensslTsa();
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});
beforeEach(() => t.reset());

async function stampAll() {
  const config = { ...t.ctx.config, PROOFING_TSA_URL: tsa.url, PROOFING_TSA_CA: tsa.caPath };
  await new Stamper({ ...t.ctx, config }).runOnce();
}

const today = () => londonDate(t.clock.now());

describe("a day's record", () => {
  it('gives hashes, root and tokens to anyone, and the openings of a day not over to members only', async () => {
    const day = today();
    const published = await publishReceipts(t, day, THREE_TIPS);
    await stampAll();

    const visitor = await t.client().get(`/api/record/${day}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    expect(visitor.headers.get('vary')).toContain('Cookie');
    const seen = recordDaySchema.parse(visitor.json);
    expect(seen.root).toBe(published.root);
    expect(seen.receipts.map((r) => r.hash)).toEqual(published.hashes);
    expect(seen.receipts.map((r) => r.opening)).toEqual([null, null, null]);
    expect(seen.receipts.map((r) => r.kind)).toEqual(['nap', 'nb', 'longshot']);
    expect(seen.stamps).toHaveLength(1);
    expect(seen.stamps[0]).toMatchObject({ receipts: 3, root: published.root, tsa: tsa.url });
    expect(seen.timestamp).toEqual({
      token: seen.stamps[0].token,
      tsa: tsa.url,
      genTime: seen.stamps[0].genTime,
    });

    const { client: free } = await signedIn(t, 'nonMember');
    expect(recordDaySchema.parse((await free.get(`/api/record/${day}`)).json).receipts[0].opening).toBeNull();

    for (const kind of ['member', 'admin'] as const) {
      const { client } = await signedIn(t, kind);
      const res = await client.get(`/api/record/${day}`);
      expect([res.headers.get('cache-control'), res.headers.get('vary')]).toEqual(['private, no-cache', 'Cookie']);
      const answer = recordDaySchema.parse(res.json);
      expect(answer.receipts.map((r) => r.opening && receiptHash(r.opening))).toEqual(published.hashes);
    }

    t.clock.set(londonInstant(addDays(day, 1), '00:01'));
    const later = await t.client().get(`/api/record/${day}`);
    expect(later.headers.get('cache-control')).toBe('no-cache');
    const over = recordDaySchema.parse(later.json);
    expect(over.receipts.map((r) => r.opening && receiptHash(r.opening))).toEqual(published.hashes);
  });

  it('answers 404 for a day without receipts and 400 for something that is not a day', async () => {
    const none = await t.client().get('/api/record/2026-01-05');
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('No receipts were published for 2026-01-05.');
    const bad = await t.client().get('/api/record/2026-13-40');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('YYYY-MM-DD');
  });

  it('lists the days with receipts, newest first, with the state of their stamps', async () => {
    const day = today();
    const earlier = addDays(day, -3);
    await publishReceipts(t, earlier, THREE_TIPS);
    await stampAll();
    const { root } = await publishReceipts(t, day, THREE_TIPS.slice(0, 1));
    const list = recordDaysSchema.parse((await t.client().get('/api/record')).json);
    expect(list.days.map((d) => [d.date, d.receipts, d.stamp])).toEqual([
      [day, 1, 'pending'],
      [earlier, 3, 'stamped'],
    ]);
    expect(list.days[0].root).toBe(root);
    expect(list.days[1].proofed).toBe(0); // stamped after its races
  });

  it("serves the authority's CA file when one is configured", async () => {
    expect((await t.client().get('/api/record-tsa-ca')).status).toBe(404);
    const other = await startTestApp({ PROOFING_TSA_CA: tsa.caPath });
    try {
      const res = await other.client().get('/api/record-tsa-ca');
      expect(res.status).toBe(200);
      expect(res.text).toBe(fs.readFileSync(tsa.caPath, 'utf8'));
      expect(res.headers.get('content-disposition')).toContain('tsa-ca.pem');
    } finally {
      await other.close();
    }
  });

  it('the admin status says no authority is configured', async () => {
    await publishReceipts(t, today(), THREE_TIPS);
    const { client } = await signedIn(t, 'admin');
    const status = (await client.get('/api/admin/proofing/status')).json as ProofingStatus;
    expect(status.tsa).toBeNull();
    expect(status.message).toContain('no time-stamp authority configured');
    expect(status.stamps[0].lines[0]).toBe('Not stamped: no time-stamp authority configured');
    expect((await t.client().get('/api/admin/proofing/status')).status).toBe(401);
  });
});

describe('npm run verify-record', () => {
  async function verifyRecord(record: RecordDay, name: string) {
    const file = path.join(tsa.dir, name);
    fs.writeFileSync(file, JSON.stringify(record, null, 2));
    try {
      const { stdout } = await execFile('npm', ['run', '--silent', 'verify-record', '--', file, '--ca', tsa.caPath]);
      return { code: 0, stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout + e.stderr };
    }
  }

  it("accepts the day's JSON and refuses a copy with one price changed in one opening", async () => {
    const day = addDays(today(), 1);
    await publishReceipts(t, day, THREE_TIPS.slice(0, 2));
    await stampAll();
    const { client } = await signedIn(t, 'member');
    const record = recordDaySchema.parse((await client.get(`/api/record/${day}`)).json);

    const good = await verifyRecord(record, 'good.json');
    expect(good.stdout).toContain(`${day}: 2 receipts, root ${record.root}: the chain holds.`);
    expect(good.stdout).toContain('1 time-stamp(s) verified');
    expect(good.stdout).toContain('2 receipt(s) stamped before their race was off.');
    expect(good.code).toBe(0);

    const changed = structuredClone(record);
    changed.receipts[1].opening = changed.receipts[1].opening!.replace('"advised":"7/2"', '"advised":"4/1"');
    expect(changed.receipts[1].opening).not.toBe(record.receipts[1].opening);
    const bad = await verifyRecord(changed, 'price-changed.json');
    expect(bad.stdout.trim()).toBe('receipt 2 (15:20 Ascot NB): hash does not match its opening');
    expect(bad.code).toBe(1);

    const otherCa = await execFile('npm', [
      'run',
      '--silent',
      'verify-record',
      '--',
      path.join(tsa.dir, 'good.json'),
      '--ca',
      tsa.otherCaPath,
    ]).catch((err: { code: number; stdout: string }) => err);
    expect('code' in otherCa && otherCa.code).toBe(1);
    expect(otherCa.stdout).toContain("stamp 1: The token's signer does not chain to the trusted CA");
  }, 30_000);
});
