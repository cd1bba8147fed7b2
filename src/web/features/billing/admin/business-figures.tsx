import { MEMBER_STATES, MEMBER_STATE_LABELS, type BusinessFigures as Figures } from '#shared/business-figures';
import { formatPounds } from '#shared/my-bets';
import { buttonClasses } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { errorMessage } from '#web/lib/request';
import { useBusinessFigures } from '../api';
import { PayingMembersChart, monthName } from './paying-members-chart';

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const cell = 'px-2 py-1.5 text-right tabular-nums';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-navy-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function MonthsTable({ figures }: { figures: Figures }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="business-months">
        <caption className="sr-only">Members, cancellations, payments and refunds per month</caption>
        <thead>
          <tr className="border-b-2 border-navy-900 text-right">
            <th scope="col" className="px-2 py-1.5 text-left">
              Month
            </th>
            <th scope="col" className="px-2 py-1.5">
              Paying at start
            </th>
            <th scope="col" className="px-2 py-1.5">
              New
            </th>
            <th scope="col" className="px-2 py-1.5">
              Cancelled
            </th>
            <th scope="col" className="px-2 py-1.5">
              Churn
            </th>
            <th scope="col" className="px-2 py-1.5">
              Cancel requests
            </th>
            <th scope="col" className="px-2 py-1.5">
              Failed payments
            </th>
            <th scope="col" className="px-2 py-1.5">
              Recovered
            </th>
            <th scope="col" className="px-2 py-1.5">
              Refunds
            </th>
          </tr>
        </thead>
        <tbody>
          {[...figures.months].reverse().map((m) => (
            <tr key={m.month} className="border-b border-slate-200">
              <th scope="row" className="px-2 py-1.5 text-left font-semibold">
                {monthName(m.month)}
              </th>
              <td className={cell}>{m.payingAtStart}</td>
              <td className={cell}>{m.newMembers}</td>
              <td className={cell}>{m.cancelled}</td>
              <td className={cell}>{percent(m.churnRate)}</td>
              <td className={cell}>{m.cancelRequests}</td>
              <td className={cell}>{m.paymentsFailed}</td>
              <td className={cell}>{m.recoveries}</td>
              <td className={cell}>{m.refunds ? `${m.refunds} (${formatPounds(m.refundedPence)})` : '0'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's numbers: members by state, MRR, the daily e-mail's reach, a year of months, the members CSV. */
export function BusinessFigures() {
  const { data: figures, isPending, error } = useBusinessFigures();
  if (isPending) return <Skeleton className="h-96 w-full" />;
  if (error || !figures) return <p role="alert">{errorMessage(error, 'The figures could not be read. Please try again.')}</p>;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Members Now</CardTitle>
          <CardDescription>
            Paying: renewing. Cancelling: paid up, set to end. Past due: a renewal payment failed. Free: no access. Comped: access granted by an admin. MRR counts each paying member at their own
            monthly price (a yearly plan as a twelfth).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {MEMBER_STATES.map((s) => (
              <Figure key={s} label={MEMBER_STATE_LABELS[s]} value={figures.members[s]} testId={`members-${s}`} />
            ))}
            <Figure label="MRR" value={formatPounds(figures.mrrPence)} testId="mrr" />
            <Figure label="Next daily e-mail goes to" value={figures.dailyEmailRecipients} testId="daily-email-recipients" />
          </dl>
          {/* A plain download: the browser saves the server's attachment under its own name. */}
          <a href="/api/admin/members.csv" download className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
            Download members CSV
          </a>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>The Last 12 Months</CardTitle>
          <CardDescription>From the subscription history. Churn is the month’s cancelled subscriptions divided by the paying members it began with.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <PayingMembersChart months={figures.months} />
          <MonthsTable figures={figures} />
          <div>
            <h3 className="font-semibold text-navy-900">Why members cancelled</h3>
            {figures.cancelReasons.length ? (
              <ul className="mt-2 grid gap-1 text-sm" data-testid="cancel-reasons">
                {figures.cancelReasons.map((r) => (
                  <li key={r.reason}>
                    {r.reason.replace(/_/g, ' ')}: <strong>{r.count}</strong>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-700">No cancellations requested in the last 12 months.</p>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
