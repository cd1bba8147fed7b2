import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLongDay } from '#shared/london-time';
import type { RecordDays } from '#shared/proofing/record-json';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { EmptyCard, QueryView } from '#web/components/ui/query-view';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { formatLondonDateTime } from '#web/lib/dates';
import { useRecordDays } from '../performance/api';

type Day = RecordDays['days'][number];

const STAMP_TEXT: Record<Day['stamp'], string> = {
  stamped: 'Time-stamped',
  pending: 'Waiting for its time-stamp',
  failed: 'Not time-stamped before the races',
  none: 'No time-stamp asked for',
};

const columns: Array<Column<Day>> = [
  { header: 'Day', rowHeader: true, className: 'font-semibold', cell: (d) => formatLongDay(d.date) },
  { header: 'Receipts', className: 'tabular-nums', cell: (d) => d.receipts },
  { header: 'Proofed', className: 'tabular-nums', cell: (d) => d.proofed },
  {
    header: 'Time-stamp',
    cell: (d) => (d.stampedAt ? `${STAMP_TEXT[d.stamp]} ${formatLondonDateTime(d.stampedAt)}` : STAMP_TEXT[d.stamp]),
  },
  { header: 'Lodged', cell: (d) => (d.lodgedAt ? formatLondonDateTime(d.lodgedAt) : '—') },
  {
    header: 'Record',
    cell: (d) => (
      <a href={`/api/record/${d.date}`} className="font-semibold text-navy-900 underline">
        {d.date}.json
      </a>
    ),
  },
];

function Command({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} className="bg-slate-900">
      <pre className="p-3 text-xs leading-relaxed text-slate-50">
        <code>{children}</code>
      </pre>
    </ScrollRegion>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm leading-relaxed text-slate-800">{children}</CardContent>
    </Card>
  );
}

/** How the proofed record can be checked without trusting us, and every day's record to check. */
export function RecordPage() {
  const days = useRecordDays();
  useEffect(() => {
    document.title = 'How to Check the Record — VBG';
  }, []);
  return (
    <>
      <PageHeader
        title="How to Check the Record"
        subtitle="Every selection we publish is sealed before its race, and the seal is dated by someone who is not us. You can check all of it yourself."
      />
      <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8">
        <Section title="1. A receipt for every selection">
          <p>
            When we publish the NAP, the NB, the Longshot or a leg of a multiple, we write a receipt: a short text
            naming the day, the race, the horse, the advised price, the market price we saw, the time of publishing and
            a long random number. Its <strong>hash</strong> (SHA-256, a 64-character fingerprint) is published at once.
          </p>
          <p>
            Change one character of the receipt, a price from 11/2 to 6/1 say, and the fingerprint is completely
            different. The random number stops anyone working the horse out from the fingerprint before the race:
            members see the receipts themselves on the day, everyone else from the next day.
          </p>
          <p>A correction never edits a receipt: it is a new receipt that names the one it replaces.</p>
        </Section>

        <Section title="2. The day's chain">
          <p>
            The day&apos;s receipts are chained in the order published. The chain starts from the SHA-256 of{' '}
            <code>vbg-record:v1:</code> and the day, and each receipt moves it on: the next <strong>head</strong> is the
            SHA-256 of the previous head followed by the receipt&apos;s hash. The latest head is the day&apos;s{' '}
            <strong>root</strong>. Each root depends on every earlier receipt, in order, so none can be changed, removed
            or slipped in later without every later root changing.
          </p>
        </Section>

        <Section title="3. An outside time-stamp">
          <p>
            Each new root is sent to an independent time-stamp authority (RFC 3161). It signs the root together with the
            time it saw it, with its own certificate: we cannot back-date that signature. A selection counts as{' '}
            <strong>proofed</strong> only when a time-stamp of a root that includes it was made before its race was off.
            Anything else is shown as not proofed and left out of the proofed figures.
          </p>
        </Section>

        <Section title="4. The lodgement e-mail">
          <p>
            Each root and its receipts are also e-mailed to an independent address as they are published. The record
            shows when that e-mail was sent.
          </p>
        </Section>

        <Section title="Check it yourself">
          <p>
            Save a day&apos;s record (the links below) and{' '}
            <a href="/api/record-tsa-ca" className="font-semibold text-navy-900 underline">
              the time-stamp authority&apos;s CA certificate
            </a>{' '}
            (tsa-ca.pem), then run our checker, which does every step below and names anything that does not hold:
          </p>
          <Command label="The checker">{'npm run verify-record -- 2026-11-28.json --ca tsa-ca.pem'}</Command>
          <p>Or do it by hand with standard tools. A receipt&apos;s hash is the SHA-256 of its text:</p>
          <Command label="A receipt's hash">
            {"jq -j '.receipts[0].opening' 2026-11-28.json | sha256sum\njq -r '.receipts[0].hash' 2026-11-28.json"}
          </Command>
          <p>The chain, one step at a time (the first head, then each next one):</p>
          <Command label="The chain">
            {
              'HEAD=$(printf %s "vbg-record:v1:2026-11-28" | sha256sum | cut -d" " -f1)\nHASH=$(jq -r \'.receipts[0].hash\' 2026-11-28.json)\nprintf %s "$HEAD$HASH" | sha256sum     # the head after receipt 1'
            }
          </Command>
          <p>The time-stamp of a root: its time, and that the authority signed exactly that root:</p>
          <Command label="The time-stamp">
            {
              "jq -r '.stamps[0].token' 2026-11-28.json | base64 -d > token.der\nopenssl ts -reply -in token.der -token_in -text\nopenssl ts -verify -digest $(jq -r '.stamps[0].root' 2026-11-28.json) \\\n  -in token.der -token_in -CAfile tsa-ca.pem"
            }
          </Command>
          <p>
            &ldquo;Verification: OK&rdquo; means the root was signed by the authority at the time shown. Compare that
            time with each race&apos;s off. The settled results are on the{' '}
            <Link to="/results" className="font-semibold text-navy-900 underline">
              Proofed Results
            </Link>{' '}
            page.
          </p>
        </Section>

        <QueryView
          query={days}
          loadingLabel="Loading the record"
          errorText="Could not load the record. Please try again."
          isEmpty={(data) => data.days.length === 0}
          empty={<EmptyCard>No receipts have been published yet.</EmptyCard>}
        >
          {(data) => (
            <DataTable
              caption="The record, day by day"
              columns={columns}
              rows={data.days}
              rowKey={(d) => d.date}
              className="min-w-[40rem]"
              testId="record-days"
            />
          )}
        </QueryView>
      </div>
    </>
  );
}
