import { formatPounds } from '#shared/my-bets';
import { REFUND_REASON_LABELS, type RefundBody, type RefundReason } from '#shared/schemas/billing';

/**
 * What an admin asked for under one Idempotency-Key, kept with the refund it made. As Stripe does
 * with its own keys, the key stands for that one request: sent again with the same parameters it
 * answers the refund already made; with any other parameter it is refused, naming what differs,
 * and nothing is refunded.
 */
export interface RefundAsked {
  full: boolean;
  /** Pence asked for; null for a full refund. */
  amountPence: number | null;
  reason: string;
  note: string;
  /** The duplicate payment's checkout; null for the membership's latest payment. */
  checkoutId: string | null;
  endMembership: boolean;
}

export const refundAsked = (body: RefundBody): RefundAsked => ({
  full: body.full || body.amountPence === null,
  amountPence: body.full ? null : body.amountPence,
  reason: body.reason,
  note: body.note,
  checkoutId: body.checkoutId ?? null,
  endMembership: body.endMembership,
});

/** A refund recorded before the request was kept with it: what its row still tells (the amount made, not whether it was asked as "full"). */
interface RecordedRefund {
  amountPence: number | null;
  reason: string | null;
  detail: unknown;
}

interface RecordedDetail {
  asked?: RefundAsked;
  note?: string;
  checkoutId?: string | null;
}

const amountText = (a: Pick<RefundAsked, 'full' | 'amountPence'>) =>
  a.full ? 'a full refund' : formatPounds(a.amountPence ?? 0);
const reasonText = (reason: string) => REFUND_REASON_LABELS[reason as RefundReason] ?? reason;
const noteText = (note: string) => (note ? `the note "${note}"` : 'no note');
const paymentText = (checkoutId: string | null) =>
  checkoutId ? `the duplicate payment ${checkoutId}` : 'the latest payment';
const endText = (end: boolean) => (end ? 'to end the membership' : 'not to end the membership');

/** Each way this request differs from the one first sent under its key, as "first …, now …"; empty when it is the same request. */
export function refundRequestDifferences(first: RecordedRefund, now: RefundAsked): string[] {
  const detail = (first.detail ?? {}) as RecordedDetail;
  const asked = detail.asked;
  const differences: string[] = [];
  const differ = (what: string, before: string, after: string) => {
    if (before !== after) differences.push(`${what}: ${before} then, ${after} now`);
  };
  if (asked) {
    differ('amount', amountText(asked), amountText(now));
    differ('reason', reasonText(asked.reason), reasonText(now.reason));
    differ('note', noteText(asked.note), noteText(now.note));
    differ('payment', paymentText(asked.checkoutId), paymentText(now.checkoutId));
    differ('membership', endText(asked.endMembership), endText(now.endMembership));
    return differences;
  }
  // Only the amount refunded is known: a full refund asked again matches whatever it came to.
  if (!now.full) differ('amount', formatPounds(first.amountPence ?? 0), formatPounds(now.amountPence ?? 0));
  differ('reason', reasonText(first.reason ?? ''), reasonText(now.reason));
  differ('note', noteText(detail.note ?? ''), noteText(now.note));
  differ('payment', paymentText(detail.checkoutId ?? null), paymentText(now.checkoutId));
  return differences;
}

/** The refusal of a key sent again for a different refund (409). */
export const keyReusedMessage = (differences: string[]) =>
  `This Idempotency-Key was already used for a different refund (${differences.join('; ')}). Nothing was refunded. A different refund needs a new key.`;
