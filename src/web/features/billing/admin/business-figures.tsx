import { MEMBER_STATES, MEMBER_STATE_LABELS, type BusinessFigures as Figures } from '#shared/business-figures';
import { formatPounds } from '#shared/my-bets';
import { buttonClasses } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { Stat } from '#web/components/ui/stat';
import { useBusinessFigures } from '../api';
import { PayingMembersChart, monthName } from './paying-members-chart';

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

type Month = Figures['months'][number];

const MONTH_COLUMNS: Array<Column<Month>> = [
  { header: 'Month', rowHeader: true, align: 'left', className: 'font-semibold', cell: (m) => monthName(m.month) },
  { header: 'Paying at start', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.payingAtStart },
  { header: 'New', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.newMembers },
  { header: 'Cancelled', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.cancelled },
  { header: 'Churn', align: 'right', cellClassName: 'tabular-nums', cell: (m) => percent(m.churnRate) },
  { header: 'Cancel requests', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.cancelRequests },
  { header: 'Failed payments', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.paymentsFailed },
  { header: 'Recovered', align: 'right', cellClassName: 'tabular-nums', cell: (m) => m.recoveries },
  {
    header: 'Refunds',
    align: 'right',
    cellClassName: 'tabular-nums',
    cell: (m) => (m.refunds ? `${m.refunds} (${formatPounds(m.refundedPence)})` : '0'),
  },
];

function MonthsTable({ figures }: { figures: Figures }) {
  return (
    <DataTable
      caption="Members, cancellations, payments and refunds per month"
      captionHidden
      columns={MONTH_COLUMNS}
      rows={[...figures.months].reverse()}
      rowKey={(m) => m.month}
      className="min-w-[40rem] border-collapse"
      cellPadding="px-2 py-1.5"
      headClassName="border-b-2 border-navy-900"
      testId="business-months"
    />
  );
}

/** The owner's numbers: members by state, MRR, the daily e-mail's reach, a year of months, the members CSV. */
export function BusinessFigures() {
  const figures = useBusinessFigures();
  return (
    <QueryView
      query={figures}
      loading={<Skeleton className="h-96 w-full" />}
      errorText="The figures could not be read. Please try again."
      errorClassName=""
    >
      {(data) => <FiguresBody figures={data} />}
    </QueryView>
  );
}

function FiguresBody({ figures }: { figures: Figures }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Members Now</CardTitle>
          <CardDescription>
            Paying: renewing. Cancelling: paid up, set to end. Past due: a renewal payment failed. Free: no access.
            Comped: access granted by an admin. MRR counts each paying member at their own monthly price (a yearly plan
            as a twelfth).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {MEMBER_STATES.map((s) => (
              <Stat key={s} label={MEMBER_STATE_LABELS[s]} value={figures.members[s]} testId={`members-${s}`} />
            ))}
            <Stat label="MRR" value={formatPounds(figures.mrrPence)} testId="mrr" />
            <Stat
              label="Next daily e-mail goes to"
              value={figures.dailyEmailRecipients}
              testId="daily-email-recipients"
            />
          </dl>
          {/* A plain download: the browser saves the server's attachment under its own name. */}
          <a
            href="/api/admin/members.csv"
            download
            className={buttonClasses({ variant: 'outline', className: 'mt-4' })}
          >
            Download members CSV
          </a>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>The Last 12 Months</CardTitle>
          <CardDescription>
            From the subscription history. Churn is the month’s cancelled subscriptions divided by everyone who paid in
            it: the paying members it began with and those who joined.
          </CardDescription>
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
