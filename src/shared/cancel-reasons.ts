import { isOneOf } from './unknown-values';

/** Why a member cancelled: the optional choice of the cancel dialog, stored on the cancel_requested event. */
export const CANCEL_REASONS = ['too_expensive', 'not_using', 'results', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  too_expensive: 'It costs too much',
  not_using: 'I don’t use it enough',
  results: 'I’m not happy with the results',
  other: 'Another reason',
};

export type CancelReasonCounts = Record<CancelReason | 'not_given', number>;

/** Cancellations per reason; one without a reason (or with one no longer offered) counts as not given. */
export function countCancelReasons(events: ReadonlyArray<{ reason: string | null }>): CancelReasonCounts {
  const counts: CancelReasonCounts = { too_expensive: 0, not_using: 0, results: 0, other: 0, not_given: 0 };
  for (const { reason } of events) {
    const key = isOneOf(CANCEL_REASONS, reason) ? reason : 'not_given';
    counts[key] += 1;
  }
  return counts;
}
