import { z } from 'zod';
import { formatPounds } from '#shared/my-bets';
import { REFUND_REASON_LABELS, type RefundBody } from '#shared/schemas/billing';
import { fieldOf, hasKey, stringFieldOf } from '#shared/unknown-values';

/**
 * What an admin asked for under one Idempotency-Key, kept with the refund it made. As Stripe does
 * with its own keys, the key stands for that one request: sent again with the same parameters it
 * answers the refund already made; with any other parameter it is refused, naming what differs,
 * and nothing is refunded.
 */
const refundAskedSchema = z.object({
  full: z.boolean(),
  /** Pence asked for; null for a full refund. */
  amountPence: z.number().nullable(),
  reason: z.string(),
  note: z.string(),
  /** The duplicate payment's checkout; null for the membership's latest payment. */
  checkoutId: z.string().nullable(),
  endMembership: z.boolean(),
});
export type RefundAsked = z.infer<typeof refundAskedSchema>;

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

const amountText = (a: Pick<RefundAsked, 'full' | 'amountPence'>) =>
  a.full ? 'a full refund' : formatPounds(a.amountPence ?? 0);
const reasonText = (reason: string) => (hasKey(REFUND_REASON_LABELS, reason) ? REFUND_REASON_LABELS[reason] : reason);
const noteText = (note: string) => (note ? `the note "${note}"` : 'no note');
const paymentText = (checkoutId: string | null) =>
  checkoutId ? `the duplicate payment ${checkoutId}` : 'the latest payment';
const endText = (end: boolean) => (end ? 'to end the membership' : 'not to end the membership');

/** The request kept with a refund: undefined for one recorded before requests were kept; one of another shape is an error. */
function askedOf(detail: unknown): RefundAsked | undefined {
  const asked = fieldOf(detail, 'asked');
  if (asked === undefined) return undefined;
  const parsed = refundAskedSchema.safeParse(asked);
  if (!parsed.success)
    throw new Error(`The refund's recorded request is not readable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Each way this request differs from the one first sent under its key, as "first …, now …"; empty when it is the same request. */
export function refundRequestDifferences(first: RecordedRefund, now: RefundAsked): string[] {
  const asked = askedOf(first.detail);
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
  differ('note', noteText(stringFieldOf(first.detail, 'note') ?? ''), noteText(now.note));
  differ('payment', paymentText(stringFieldOf(first.detail, 'checkoutId') ?? null), paymentText(now.checkoutId));
  return differences;
}

/** The refusal of a key sent again for a different refund (409). */
export const keyReusedMessage = (differences: string[]) =>
  `This Idempotency-Key was already used for a different refund (${differences.join('; ')}). Nothing was refunded. A different refund needs a new key.`;
