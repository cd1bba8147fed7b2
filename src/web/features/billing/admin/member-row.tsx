import type { MemberRow } from '#shared/schemas/billing';
import { subscriptionTypeLabel } from '#shared/subscription';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { formatLongDate } from '#web/lib/dates';

export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  expired: 'Expired',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  none: 'No subscription',
};

/** "Payment failed (grace until 27 November 2026)": a renewal being retried, and how long access lasts. */
function statusText(m: MemberRow): string {
  if (m.paymentFailedAt)
    return `Payment failed (grace ${m.hasAccess ? 'until' : 'ended'} ${formatLongDate(m.graceUntil) ?? ''})`;
  return STATUS_LABELS[m.status] ?? m.status;
}

/** A paid plan (monthly or annual) or a duplicate payment: something the admin may refund. */
const mayRefund = (m: MemberRow) => m.type === 'premium' || m.type === 'annual' || m.duplicatePayments.length > 0;

const statusTone = (m: MemberRow) =>
  m.paymentFailedAt && m.hasAccess
    ? 'bg-amber-100 text-amber-950'
    : m.hasAccess
      ? 'bg-emerald-100 text-emerald-900'
      : m.status === 'none'
        ? 'bg-slate-100 text-slate-700'
        : 'bg-red-100 text-red-900';

function dateText(m: MemberRow): string {
  if (m.type === 'family' && m.hasAccess) return 'Lifetime';
  const date = formatLongDate(m.endDate);
  if (!date) return '—';
  if (!m.hasAccess) return `Ended ${date}`;
  if (m.type === 'annual_special' || m.cancelAtPeriodEnd) return `Expires ${date}`;
  return `Renews ${date}`;
}

const pounds = (pence: number | null) => (pence == null ? 'A payment' : `£${(pence / 100).toFixed(2)}`);

/** Decision 0018: a payment made while the account was already subscribed; its subscription was cancelled at once. Cleared once refunded in full. */
function RefundDue({ member, onRefund }: { member: MemberRow; onRefund: (checkoutId: string) => void }) {
  if (!member.duplicatePayments.length) return null;
  return (
    <div className="mt-1.5 rounded-md border border-amber-400 bg-amber-50 px-2 py-1.5 text-xs text-amber-950">
      <p className="font-bold">Refund due</p>
      <ul className="grid gap-1">
        {member.duplicatePayments.map((p) => (
          <li key={p.checkoutId}>
            {pounds(p.amountPence)} paid {formatLongDate(p.paidAt) ?? ''} while already subscribed; that second
            subscription was cancelled at once.
            {p.refundedPence > 0 && ` ${pounds(p.refundedPence)} refunded so far.`}{' '}
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => onRefund(p.checkoutId)}
            >
              Refund this payment
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One member in the list: account, status, subscription, dates and what the admin may do. */
export function MemberListItem({
  member: m,
  onGrant,
  onRevoke,
  onRefund,
}: {
  member: MemberRow;
  onGrant: () => void;
  onRevoke: () => void;
  /** A refund of the member's payment, or of one duplicate payment (its checkout id). */
  onRefund: (checkoutId?: string) => void;
}) {
  const granted = m.type === 'family' || m.type === 'annual_special';
  return (
    <li className="grid gap-2 p-3 md:grid-cols-[2fr_1fr_1.2fr_1.4fr_auto] md:items-center md:gap-4">
      <div className="min-w-0">
        <p className="font-semibold break-all text-navy-900">{m.email}</p>
        {m.role === 'admin' && <p className="text-xs text-slate-600">Administrator</p>}
        <RefundDue member={m} onRefund={onRefund} />
      </div>
      <div>
        <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTone(m))}>
          {statusText(m)}
        </span>
      </div>
      <p className="text-sm text-slate-800">
        <span className="text-slate-600 md:sr-only">Subscription: </span>
        {m.type ? subscriptionTypeLabel(m.type) : 'None'}
      </p>
      <p className="text-sm text-slate-800">
        {dateText(m)}
        {m.cancelAtPeriodEnd && m.hasAccess && (
          <span className="block text-xs text-slate-600">Cancelled at period end</span>
        )}
      </p>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button size="sm" variant="outline" onClick={onGrant}>
          Grant
        </Button>
        {granted && m.hasAccess && (
          <Button size="sm" variant="destructive" onClick={onRevoke}>
            Revoke
          </Button>
        )}
        {mayRefund(m) && (
          <Button size="sm" variant="outline" onClick={() => onRefund()} aria-label={`Refund ${m.email}`}>
            Refund
          </Button>
        )}
      </div>
    </li>
  );
}
