import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOdds } from '#shared/odds';
import { chainRoot, readOpening } from '#shared/proofing/receipt';
import {
  dailyTips,
  horses,
  multipleBets,
  multipleLegs,
  outbox,
  proofReceipts,
  proofStamps,
  tipRecords,
} from '#server/db/schema';
import { uploadTodaysCards, type SampleRace } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import type { HttpClient } from '../support/http-client';
import { tipsBody } from './tips-helpers';

const LODGE = 'receipts@lodgement.example';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PROOFING_EMAIL: LODGE });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const line = (race: SampleRace, k: number, odds: string) =>
  `${race.horses[k].name} – ${race.time} ${race.course} (${odds})`;

/** Today's two races of five on the cards, and tips naming them: three headline tips and a Lucky 15. */
async function dayOnTheCards() {
  const { today, races } = await uploadTodaysCards(t, 7);
  const [a, b] = races;
  const legs = [a.horses[1], a.horses[2], b.horses[1], b.horses[2]];
  const body = tipsBody({
    nap: line(a, 0, '11/2'),
    nb: line(b, 0, '9/2'),
    longshot: line(a, 3, '20/1'),
    multiple1: `Lucky 15: ${legs.map((h) => h.name).join(', ')}`,
    multiple2: '',
    confirmShortPrices: true,
    confirmUnproofedLegs: undefined,
  });
  const { client: admin } = await signedIn(t, 'admin');
  return { today, a, b, legs, body, admin };
}

async function publish(admin: HttpClient, body: object) {
  const res = await admin.post('/api/secure-content-upload', body);
  expect(res.status, res.text).toBe(200);
  return res;
}

const receiptsOf = () => t.ctx.db.select().from(proofReceipts).orderBy(asc(proofReceipts.seq));
const stampsOf = () => t.ctx.db.select().from(proofStamps).orderBy(asc(proofStamps.receipts));
const proofingMail = () => t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'proofing')).orderBy(asc(outbox.id));

describe('publishing the day writes its receipts', () => {
  it('three tips and a Lucky 15 give seven receipts, a pending stamp of their root and the lodgement e-mail', async () => {
    const { today, a, b, legs, body, admin } = await dayOnTheCards();
    const res = await publish(admin, body);
    expect(res.json.receiptsAdded).toBe(7);
    expect(res.json.message).toMatch(/7 new receipts/);
    // The form lists each leg with the race it was found in and its price.
    expect(res.json.legs).toEqual(
      legs.map((h, k) => ({
        multipleNo: 1,
        label: 'Lucky 15',
        legNo: k + 1,
        horse: h.name,
        raceTime: (k < 2 ? a : b).time,
        course: (k < 2 ? a : b).course,
        price: expect.any(String),
        proofed: true,
      })),
    );

    const receipts = await receiptsOf();
    expect(receipts.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const r of receipts) expect(r.hash).toBe(sha256(r.opening));
    const openings = receipts.map((r) => readOpening(r.opening)!);
    expect(openings.every(Boolean)).toBe(true);
    const expected = [
      { kind: 'nap', race: a, horse: a.horses[0], advised: '11/2', multiple: null },
      { kind: 'nb', race: b, horse: b.horses[0], advised: '9/2', multiple: null },
      { kind: 'longshot', race: a, horse: a.horses[3], advised: '20/1', multiple: null },
      ...legs.map((h, k) => ({
        kind: 'leg',
        race: k < 2 ? a : b,
        horse: h,
        advised: res.json.legs[k].price,
        multiple: { no: '1', label: 'Lucky 15', leg: String(k + 1) },
      })),
    ];
    const publishedAt = (await t.ctx.db.select().from(dailyTips))[0].publishedAt.toISOString();
    expected.forEach((e, i) => {
      expect(openings[i]).toMatchObject({
        day: today,
        kind: e.kind,
        multiple: e.multiple,
        raceTime: e.race.time,
        course: e.race.course,
        horse: e.horse.name,
        advised: e.advised,
        publishedAt,
        replaces: null,
        // The morning odds the cards were priced with, seen before publishing.
        market: { price: parseOdds(e.horse.odds)!.toFixed(2), source: 'morning', text: expect.any(String) },
      });
      expect(Date.parse(openings[i].market!.observedAt)).toBeLessThanOrEqual(Date.parse(publishedAt));
    });
    expect(new Set(openings.map((o) => o.nonce)).size).toBe(7);

    const root = chainRoot(
      today,
      receipts.map((r) => r.hash),
    );
    expect(await stampsOf()).toMatchObject([
      { raceDate: today, receipts: 7, root, status: 'pending', outboxKey: `proofing:${today}:7`, token: null },
    ]);
    const mail = await proofingMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: LODGE, idempotencyKey: `proofing:${today}:7`, status: 'queued' });
    expect(mail[0].subject).toContain(today);
    expect(mail[0].subject).toContain(root);
    for (const r of receipts) {
      expect(mail[0].text).toContain(r.opening);
      expect(mail[0].text).toContain(r.hash);
    }
    expect(mail[0].text).toMatch(/sha256sum/);
    // Only the lodgement address: no member is sent the openings.
    expect(await t.ctx.db.select({ to: outbox.recipient }).from(outbox)).toEqual([{ to: LODGE }]);

    const [bet] = await t.ctx.db.select().from(multipleBets);
    expect(bet).toMatchObject({ raceDate: today, multipleNo: 1, label: 'Lucky 15', betType: 'lucky15' });
    const legRows = await t.ctx.db.select().from(multipleLegs).orderBy(asc(multipleLegs.legNo));
    expect(legRows.map((l) => [l.horse, l.raceTime, l.unproofed, l.receiptId])).toEqual(
      legs.map((h, k) => [h.name, (k < 2 ? a : b).time, false, receipts[3 + k].id]),
    );

    // The tip records made from the published tips point at their receipts.
    expect((await admin.post('/api/admin/auto-populate-performance', { date: today })).status).toBe(200);
    const records = await t.ctx.db.select().from(tipRecords).orderBy(asc(tipRecords.id));
    expect(records.map((r) => [r.selectionType, r.receiptId])).toEqual([
      ['nap', receipts[0].id],
      ['nb', receipts[1].id],
      ['longshot', receipts[2].id],
    ]);
  });

  it('publishing the same tips again adds nothing; a changed price adds one receipt that replaces the old', async () => {
    const { today, a, body, admin } = await dayOnTheCards();
    await publish(admin, body);
    expect((await admin.post('/api/admin/auto-populate-performance', { date: today })).status).toBe(200);
    t.clock.advance(60_000);
    const again = await publish(admin, body);
    expect(again.json.receiptsAdded).toBe(0);
    expect(again.json.message).toMatch(/No new receipts/);
    expect(await receiptsOf()).toHaveLength(7);
    expect(await stampsOf()).toHaveLength(1);
    expect(await proofingMail()).toHaveLength(1);

    t.clock.advance(60_000);
    const changed = await publish(admin, { ...body, nap: line(a, 0, '5/1') });
    expect(changed.json.receiptsAdded).toBe(1);
    const receipts = await receiptsOf();
    expect(receipts).toHaveLength(8);
    const newest = readOpening(receipts[7].opening)!;
    expect(newest).toMatchObject({ kind: 'nap', advised: '5/1', replaces: receipts[0].hash });
    expect(receipts[7].replacesId).toBe(receipts[0].id);
    // The new root covers all eight: the older pending stamp is superseded by it.
    const stamps = await stampsOf();
    expect(stamps.map((s) => [s.receipts, s.status])).toEqual([
      [7, 'superseded'],
      [8, 'pending'],
    ]);
    expect(stamps[1].root).toBe(
      chainRoot(
        today,
        receipts.map((r) => r.hash),
      ),
    );
    expect((await proofingMail()).map((m) => m.idempotencyKey)).toEqual([`proofing:${today}:7`, `proofing:${today}:8`]);
    const [nap] = await t.ctx.db.select().from(tipRecords).where(eq(tipRecords.selectionType, 'nap'));
    expect(nap).toMatchObject({ advisedOdds: '5/1', receiptId: receipts[7].id });
  });
});

describe('legs not found on the cards', () => {
  it('an unknown horse is refused (409, nothing written) until confirmed, then recorded as not proofed with no receipt', async () => {
    const { legs, body, admin } = await dayOnTheCards();
    const multiple1 = `Lucky 15: ${legs[0].name}, ${legs[1].name}, Nowhere Near, ${legs[3].name}`;
    const refused = await admin.post('/api/secure-content-upload', { ...body, multiple1 });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      message: expect.stringContaining("Multiple 1 (Lucky 15) selection 3: Nowhere Near (not on today's cards)."),
      confirm: 'confirmUnproofedLegs',
    });
    expect(await t.ctx.db.select().from(dailyTips)).toEqual([]);
    expect(await receiptsOf()).toEqual([]);
    expect(await t.ctx.db.select().from(multipleBets)).toEqual([]);

    const res = await publish(admin, { ...body, multiple1, confirmUnproofedLegs: true });
    expect(res.json.receiptsAdded).toBe(6);
    expect(res.json.legs[2]).toEqual({
      multipleNo: 1,
      label: 'Lucky 15',
      legNo: 3,
      horse: 'Nowhere Near',
      raceTime: null,
      course: null,
      price: null,
      proofed: false,
    });
    const receipts = await receiptsOf();
    expect(receipts.map((r) => r.horse)).not.toContain('Nowhere Near');
    expect(receipts.filter((r) => r.kind === 'leg').map((r) => r.legNo)).toEqual([1, 2, 4]);
    const legRows = await t.ctx.db.select().from(multipleLegs).orderBy(asc(multipleLegs.legNo));
    expect(legRows.map((l) => [l.legNo, l.unproofed, l.receiptId === null])).toEqual([
      [1, false, false],
      [2, false, false],
      [3, true, true],
      [4, false, false],
    ]);
  });

  it('a name running twice that day is refused unless the leg names its race', async () => {
    const { a, b, legs, body, admin } = await dayOnTheCards();
    // A namesake in the second race.
    await t.ctx.db.update(horses).set({ name: legs[0].name }).where(eq(horses.name, b.horses[4].name));
    const refused = await admin.post('/api/secure-content-upload', body);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain(
      `${legs[0].name} (runs in the ${a.time} ${a.course} and the ${b.time} ${b.course})`,
    );
    const named = `Lucky 15: ${legs[0].name} ${a.time} ${a.course}, ${legs
      .slice(1)
      .map((h) => h.name)
      .join(', ')}`;
    const res = await publish(admin, { ...body, multiple1: named });
    expect(res.json.legs[0]).toMatchObject({ horse: legs[0].name, raceTime: a.time, proofed: true });
  });
});

describe('multiples the record cannot settle', () => {
  it('an unknown bet or the wrong number of selections is refused (400) and nothing is written', async () => {
    const { legs, body, admin } = await dayOnTheCards();
    const names = legs.map((h) => h.name).join(', ');
    const unknown = await admin.post('/api/secure-content-upload', { ...body, multiple2: `Lucky 16: ${names}` });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(
      'Multiple 2: “Lucky 16” is not a bet the record can settle. Name one of: Double, Treble, Four-fold, Trixie, Patent, Yankee, Lucky 15, Canadian, Lucky 31, Heinz, Lucky 63.',
    );
    const short = await admin.post('/api/secure-content-upload', { ...body, multiple1: `Yankee: ${legs[0].name}` });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Multiple 1: a Yankee has 4 selections, not 1 (separate them with commas).');
    expect(await t.ctx.db.select().from(dailyTips)).toEqual([]);
    expect(await receiptsOf()).toEqual([]);
  });
});

describe('all or nothing', () => {
  it('when the last write fails, the tips, multiples, receipts and stamp are all rolled back', async () => {
    const { body, admin } = await dayOnTheCards();
    await t.ctx.db.execute(sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await t.ctx.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    try {
      const res = await admin.post('/api/secure-content-upload', body);
      expect(res.status).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await t.ctx.db.execute(sql`drop function refuse_outbox()`);
    }
    expect(await t.ctx.db.select().from(dailyTips)).toEqual([]);
    expect(await receiptsOf()).toEqual([]);
    expect(await stampsOf()).toEqual([]);
    expect(await t.ctx.db.select().from(multipleBets)).toEqual([]);
    expect(await t.ctx.db.select().from(outbox)).toEqual([]);
    // And then it publishes.
    expect((await publish(admin, body)).json.receiptsAdded).toBe(7);
  });
});
