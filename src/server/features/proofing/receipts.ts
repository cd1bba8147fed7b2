import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { MARKET_PRICE_SOURCES } from '#shared/current-price';
import { formatOdds } from '#shared/odds-format';
import {
  chainRoot,
  readOpening,
  receiptHash,
  receiptNonce,
  receiptOpening,
  type ReceiptKind,
  type ReceiptOpening,
} from '#shared/proofing/receipt';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { priceHistoriesOf, runnerOfDayKey } from '#server/db/price-history';
import { proofReceipts, proofStamps } from '#server/db/schema';
import { enqueue, wakeMailWorkers } from '../mail/outbox';
import { lodgementEmail } from './lodgement-email';
import { wakeStamper } from './stamper';

/** One published selection a receipt is made for: a headline tip, or a matched leg of a multiple. */
export interface ProofedSelection {
  kind: ReceiptKind;
  multiple: { no: number; label: string; leg: number } | null;
  raceTime: string;
  course: string;
  horse: string;
  advised: string | null;
}

/** A selection's place in the day's tips: its receipts replace one another, other places' never. */
export const slotOf = (s: { kind: ReceiptKind; multiple: { no: number | string; leg: number | string } | null }) =>
  s.multiple ? `leg:${s.multiple.no}:${s.multiple.leg}` : s.kind;

type Fields = Omit<ReceiptOpening, 'v'>;

/** The same selection at the same market price: only the moment, the nonce and when the price was seen may differ. */
function sameSelection(a: Fields, b: Fields): boolean {
  const plain = (f: Fields) =>
    JSON.stringify([
      f.day,
      f.kind,
      f.multiple,
      f.raceTime,
      f.course,
      f.horse,
      f.advised,
      f.market && [f.market.price, f.market.text, f.market.source],
    ]);
  return plain(a) === plain(b);
}

export interface ReceiptsOutcome {
  /** Each slot's current receipt id (new or unchanged), for the slots given. */
  receiptOf: Map<string, number>;
  added: number;
}

/**
 * Adds the day's receipts for the selections as now published, in the publishing transaction: one
 * for each selection whose slot has no receipt yet or whose latest receipt says something else
 * (that one is named as replaced). The same tips published again add nothing. When receipts were
 * added, the day's new chain root gets a pending stamp row (an older pending one is superseded: the
 * new root covers its receipts) and, with PROOFING_EMAIL set, the lodgement e-mail is queued in the
 * same transaction. `now` is the publication's moment; the opening records the runner's latest
 * market price before it.
 */
export async function addReceipts(
  ctx: Pick<AppContext, 'config' | 'clock' | 'db'>,
  tx: Tx,
  day: string,
  now: Date,
  selections: readonly ProofedSelection[],
): Promise<ReceiptsOutcome> {
  // One writer of a day's chain at a time: seq and the root are read and written together.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`proof_receipts:${day}`}))`);
  const earlier = await tx
    .select()
    .from(proofReceipts)
    .where(eq(proofReceipts.raceDate, day))
    .orderBy(asc(proofReceipts.seq));
  const latest = new Map<string, { id: number; hash: string; fields: Fields }>();
  for (const r of earlier) {
    const opened = readOpening(r.opening);
    if (!opened) throw new Error(`Receipt ${r.seq} of ${day} is not a readable opening`);
    const { v: _v, ...fields } = opened;
    latest.set(slotOf(fields), { id: r.id, hash: r.hash, fields });
  }

  const runners = selections.map((s) => ({ date: day, time: s.raceTime, course: s.course, horseName: s.horse }));
  const histories = await priceHistoriesOf(tx, runners);
  const receiptOf = new Map<string, number>();
  const fresh: Array<typeof proofReceipts.$inferInsert> = [];
  const freshSlots: string[] = [];
  let seq = earlier.at(-1)?.seq ?? 0;
  for (const [i, s] of selections.entries()) {
    const snap = (histories.get(runnerOfDayKey(runners[i])) ?? [])
      .filter((p) => MARKET_PRICE_SOURCES.includes(p.source) && p.observedAt <= now)
      .at(-1);
    const fields: Fields = {
      day,
      kind: s.kind,
      multiple: s.multiple && { no: String(s.multiple.no), label: s.multiple.label, leg: String(s.multiple.leg) },
      raceTime: s.raceTime,
      course: s.course,
      horse: s.horse,
      advised: s.advised || null,
      market: snap
        ? {
            price: snap.price.toFixed(2),
            text: formatOdds(snap.priceText, 'fractional') || formatOdds(snap.price, 'fractional'),
            source: snap.source,
            observedAt: snap.observedAt.toISOString(),
          }
        : null,
      publishedAt: now.toISOString(),
      nonce: receiptNonce(),
      replaces: null,
    };
    const slot = slotOf(s);
    const before = latest.get(slot);
    if (before && sameSelection(before.fields, fields)) {
      receiptOf.set(slot, before.id);
      continue;
    }
    const opening = receiptOpening({ ...fields, replaces: before?.hash ?? null });
    fresh.push({
      raceDate: day,
      seq: ++seq,
      hash: receiptHash(opening),
      opening,
      kind: s.kind,
      multipleNo: s.multiple?.no ?? null,
      legNo: s.multiple?.leg ?? null,
      raceTime: s.raceTime,
      course: s.course,
      horse: s.horse,
      publishedAt: now,
      replacesId: before?.id ?? null,
    });
    freshSlots.push(slot);
  }
  if (fresh.length === 0) return { receiptOf, added: 0 };

  const inserted = await tx.insert(proofReceipts).values(fresh).returning({ id: proofReceipts.id });
  inserted.forEach((r, i) => receiptOf.set(freshSlots[i], r.id));
  const all = [...earlier, ...fresh].map((r) => ({ seq: r.seq, hash: r.hash, opening: r.opening }));
  const root = chainRoot(
    day,
    all.map((r) => r.hash),
  );
  const n = all.length;
  const to = ctx.config.PROOFING_EMAIL;
  const outboxKey = to ? `proofing:${day}:${n}` : null;
  await tx
    .update(proofStamps)
    .set({ status: 'superseded' })
    .where(and(eq(proofStamps.raceDate, day), eq(proofStamps.status, 'pending'), lt(proofStamps.receipts, n)));
  await tx
    .insert(proofStamps)
    .values({ raceDate: day, receipts: n, root, status: 'pending', nextAttemptAt: now, outboxKey, createdAt: now });
  if (to && outboxKey) {
    const content = lodgementEmail(ctx.config, {
      day,
      root,
      receipts: all,
      added: fresh.length,
    });
    await enqueue(ctx, [{ kind: 'proofing', recipient: to, idempotencyKey: outboxKey, content }], tx);
  }
  return { receiptOf, added: fresh.length };
}

/** After the publishing commits: the lodgement e-mail and the time-stamp go at once (both loops also poll). */
export async function wakeLodgement(ctx: Pick<AppContext, 'config' | 'database' | 'log'>) {
  if (ctx.config.PROOFING_EMAIL) await wakeMailWorkers(ctx);
  // The new root goes to the time-stamp authority at once: every second before the off counts.
  await wakeStamper(ctx);
}
