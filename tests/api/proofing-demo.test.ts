import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '#shared/london-time';
import { multipleLegs, outbox, proofReceipts, proofStamps } from '#server/db/schema';
import { seedDemo } from '#server/seed/demo';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo receipts', () => {
  it("the demo's days have receipts, and today's multiples' legs are found on its cards", async () => {
    t.clock.set(new Date('2026-11-22T10:00:00Z'));
    await seedDemo(t.ctx);
    const today = londonDate(t.clock.now());
    const receipts = await t.ctx.db
      .select()
      .from(proofReceipts)
      .orderBy(asc(proofReceipts.raceDate), asc(proofReceipts.seq));
    // Every published day: its NAP, NB and Longshot.
    expect(receipts.filter((r) => r.kind !== 'leg').map((r) => [r.raceDate, r.kind])).toEqual(
      ['2026-11-20', '2026-11-21', today].flatMap((day) => ['nap', 'nb', 'longshot'].map((kind) => [day, kind])),
    );
    // Today's Lucky 15 and Trixie: seven legs, each with its receipt.
    const legs = receipts.filter((r) => r.kind === 'leg');
    expect(legs.map((r) => [r.raceDate, r.multipleNo, r.legNo])).toEqual([
      ...[1, 2, 3, 4].map((leg) => [today, 1, leg]),
      ...[1, 2, 3].map((leg) => [today, 2, leg]),
    ]);
    const legRows = await t.ctx.db.select().from(multipleLegs);
    expect(legRows.filter((l) => !l.unproofed && l.receiptId !== null)).toHaveLength(7);
    // The day's latest root is the one waiting to be stamped.
    const stamps = await t.ctx.db.select().from(proofStamps).where(eq(proofStamps.raceDate, today));
    expect(stamps.map((s) => [s.receipts, s.status])).toEqual([
      [3, 'superseded'],
      [10, 'pending'],
    ]);
    // No lodgement address configured: the stamps wait for the stamper, and no e-mail is queued.
    expect(stamps.every((s) => s.outboxKey === null)).toBe(true);
    expect(await t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'proofing'))).toEqual([]);
  });
});
