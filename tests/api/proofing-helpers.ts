import { asc, eq } from 'drizzle-orm';
import { chainRoot, receiptHash, receiptNonce, receiptOpening, type ReceiptKind } from '#shared/proofing/receipt';
import { outbox, proofReceipts, proofStamps } from '#server/db/schema';
import type { TestApp } from '../support/test-app';

export interface Selection {
  kind: ReceiptKind;
  raceTime: string;
  course: string;
  horse: string;
  advised: string | null;
  /** A correction: the 1-based place in the day of the receipt it replaces. */
  replaces?: number;
}

export const THREE_TIPS: Selection[] = [
  { kind: 'nap', raceTime: '14:10', course: 'Ascot', horse: 'Northern Star', advised: '11/2' },
  { kind: 'nb', raceTime: '15:20', course: 'Ascot', horse: 'Quiet Harbour', advised: '7/2' },
  { kind: 'longshot', raceTime: '16:30', course: 'Ayr', horse: 'Long Odds Larry', advised: '20/1' },
];

/**
 * A day's receipts as publishing writes them (after any the day already has), the pending stamp of
 * the new head, and, when `lodged` is given, the lodgement e-mail sent then.
 */
export async function publishReceipts(
  t: TestApp,
  day: string,
  selections: Selection[],
  opts: { publishedAt?: Date; lodged?: Date; after?: { hash: string }[] } = {},
) {
  const publishedAt = opts.publishedAt ?? t.clock.now();
  const earlier =
    opts.after ??
    (await t.ctx.db
      .select({ hash: proofReceipts.hash })
      .from(proofReceipts)
      .where(eq(proofReceipts.raceDate, day))
      .orderBy(asc(proofReceipts.seq)));
  const rows: (typeof proofReceipts.$inferInsert)[] = [];
  const hashes = earlier.map((r) => r.hash);
  for (const s of selections) {
    const opening = receiptOpening({
      day,
      kind: s.kind,
      multiple: null,
      raceTime: s.raceTime,
      course: s.course,
      horse: s.horse,
      advised: s.advised,
      market: null,
      publishedAt: publishedAt.toISOString(),
      nonce: receiptNonce(),
      replaces: s.replaces ? hashes[s.replaces - 1] : null,
    });
    const hash = receiptHash(opening);
    hashes.push(hash);
    rows.push({
      raceDate: day,
      seq: hashes.length,
      hash,
      opening,
      kind: s.kind,
      raceTime: s.raceTime,
      course: s.course,
      horse: s.horse,
      publishedAt,
    });
  }
  const inserted = await t.ctx.db.insert(proofReceipts).values(rows).returning();
  for (const [i, s] of selections.entries())
    if (s.replaces) {
      const [old] = await t.ctx.db
        .select({ id: proofReceipts.id })
        .from(proofReceipts)
        .where(eq(proofReceipts.hash, hashes[s.replaces - 1]));
      await t.ctx.db.update(proofReceipts).set({ replacesId: old.id }).where(eq(proofReceipts.id, inserted[i].id));
    }
  const outboxKey = `proofing:${day}:${hashes.length}`;
  const root = chainRoot(day, hashes);
  // Due at the app's clock (the database's now() may be a fraction of a millisecond later).
  await t.ctx.db
    .insert(proofStamps)
    .values({ raceDate: day, receipts: hashes.length, root, outboxKey, nextAttemptAt: t.clock.now() });
  if (opts.lodged)
    await t.ctx.db.insert(outbox).values({
      kind: 'proofing',
      recipient: 'lodge@example.org',
      subject: `VBG record ${day}: ${root}`,
      html: '<p>receipts</p>',
      text: 'receipts',
      idempotencyKey: outboxKey,
      status: 'sent',
      sentAt: opts.lodged,
    });
  return { receipts: inserted, hashes, root, outboxKey };
}
