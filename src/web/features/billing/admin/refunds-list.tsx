import { formatPounds } from '#shared/my-bets';
import { REFUND_REASON_LABELS } from '#shared/schemas/billing';
import { hasKey } from '#shared/unknown-values';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatLondonDateTime } from '#web/lib/dates';
import { useRefunds } from '../api';

const reasonLabel = (reason: string) => (hasKey(REFUND_REASON_LABELS, reason) ? REFUND_REASON_LABELS[reason] : reason);

/** Every refund made from the admin, newest first: when, to whom, how much, why, by whom. */
export function RefundsList() {
  const refunds = useRefunds();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refunds</CardTitle>
        <CardDescription>
          Refunds are made from the Members list (Refund). They are kept for the accounts, also when a member’s account
          is erased.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView
          query={refunds}
          loading={<Skeleton className="h-16 w-full" />}
          errorText="Could not load the refunds."
          errorClassName="text-red-700"
          isEmpty={(data) => data.refunds.length === 0}
          empty={<p className="text-slate-700">No refunds yet.</p>}
        >
          {({ refunds: list }) => (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Refunds made">
              {list.map((r) => (
                <li key={r.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[1.2fr_2fr_1fr] sm:gap-4">
                  <span className="text-slate-700">{formatLondonDateTime(r.occurredAt)}</span>
                  <span>
                    <span className="font-semibold break-all text-navy-900">{r.memberEmail ?? 'Erased account'}</span>
                    <span className="block text-slate-700">
                      {reasonLabel(r.reason)}
                      {r.note ? `: ${r.note}` : ''}
                      {r.endedMembership ? ' · membership ended' : ''}
                    </span>
                    {r.refundedBy && <span className="block text-xs text-slate-600">by {r.refundedBy}</span>}
                  </span>
                  <span className="font-semibold text-navy-900 sm:text-right">{formatPounds(r.amountPence)}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
