import type { MultipleSettlement } from '#shared/proofing/multiples';
import { rule4Text } from '#shared/proofing/rule4';
import { SMALL_SAMPLE_TIPS, type Significance } from '#shared/proofing/significance';
import type { ResultsMultiple, ResultsMultiples } from '#shared/schemas/performance';
import { BASIS_LABELS, formatPoints, PRICE_BASES, type BasisStats, type PriceBasis } from '#shared/tip-stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { Stat } from '#web/components/ui/stat';
import { useFormatOdds } from '../odds-preference/use-odds';

export const plTone = (v: number) => (v > 0 ? 'text-green-800' : v < 0 ? 'text-red-800' : 'text-slate-800');

/** Points with their basis, or a dash where it was no bet. */
const pointsOrDash = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatPoints(v));

type BasisRow = { basis: PriceBasis; stats: BasisStats };
const basisColumns: Array<Column<BasisRow>> = [
  { header: 'Settled at', rowHeader: true, className: 'font-semibold', cell: (r) => BASIS_LABELS[r.basis] },
  { header: 'Bets', className: 'tabular-nums', cell: (r) => r.stats.bets },
  { header: 'Staked (points)', className: 'tabular-nums', cell: (r) => r.stats.staked },
  {
    header: 'P/L (points)',
    className: 'font-semibold tabular-nums',
    cellClassName: (r) => plTone(r.stats.profit),
    cell: (r) => formatPoints(r.stats.profit),
  },
  { header: 'ROI', className: 'tabular-nums', cell: (r) => `${r.stats.roi}%` },
];

/** One record's figures at the advised price, SP and BSP, side by side. */
export function BasesTable({
  caption,
  bases,
  testId,
}: {
  caption: string;
  bases: Record<PriceBasis, BasisStats>;
  testId: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={basisColumns}
      rows={PRICE_BASES.map((basis) => ({ basis, stats: bases[basis] }))}
      rowKey={(r) => r.basis}
      className="min-w-[28rem]"
      testId={testId}
    />
  );
}

/** What the three bases mean, said once under the singles' and the multiples' tables. */
export function BasesNote() {
  return (
    <p className="text-sm text-slate-600">
      Advised price: what members were told (a confirmed correction where there is one), less any Tattersalls Rule 4
      deduction for a late non-runner. SP: the starting price, cut by Rule 4 only where the result says it applied to
      starting prices. BSP: the Betfair starting price, never cut by Rule 4, and{' '}
      <strong>before Betfair&apos;s commission</strong> on winnings, so a Betfair punter&apos;s own return is lower. A
      bet without that price (no BSP was published for the horse, say) is not counted at that basis.
    </p>
  );
}

const pct = (points: number, bank: number) => `${Math.round((points / bank) * 100)}%`;

/** How much of the record could be luck, and how deep its losing spells may go. */
export function SignificancePanel({ significance, tips }: { significance: Significance | null; tips: number }) {
  return (
    <section aria-labelledby="significance-heading" className="grid grid-cols-1 gap-3">
      <h2 id="significance-heading" className="text-xl font-bold text-navy-900">
        Could it be luck?
      </h2>
      {tips < SMALL_SAMPLE_TIPS && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Small sample: {tips} settled tips. Fewer than {SMALL_SAMPLE_TIPS} tips say little about a tipster&apos;s edge;
          read every figure on this page with that in mind.
        </p>
      )}
      {significance ? (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
            <Stat
              label="p-value, one-sided (advised price)"
              value={significance.pValue.toFixed(4)}
              testId="significance-p"
            />
            <Stat
              label={`Typical worst drawdown (of a ${significance.bank}-point bank)`}
              value={`${significance.drawdown50.toFixed(2)} (${pct(significance.drawdown50, significance.bank)})`}
              testId="significance-drawdown50"
            />
            <Stat
              label="1-in-100 worst drawdown"
              value={`${significance.drawdown99.toFixed(2)} (${pct(significance.drawdown99, significance.bank)})`}
              testId="significance-drawdown99"
            />
          </dl>
          <p className="text-sm text-slate-600">
            The p-value is the chance of a record at least this good from a tipster with no edge (a true ROI of 0 at the
            advised price; a one-sided test on the profit per bet): the smaller it is, the less likely luck alone. The
            drawdowns, in points at 1 point a bet, are the median and the 99th percentile of the deepest fall from a
            high in {significance.simulations.toLocaleString('en-GB')} simulated records as long as ours, each drawn at
            random from our own settled bets.
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">These figures appear once 30 bets are settled.</p>
      )}
    </section>
  );
}

function settledText(s: MultipleSettlement | null) {
  if (!s) return '—';
  return `${formatPoints(s.profit)} (${s.staked} staked${s.void ? `, ${s.void} void` : ''})`;
}

/** The published multiples, apart from the singles: their figures at each basis and each one. */
export function MultiplesSection({ multiples }: { multiples: ResultsMultiples }) {
  const odds = useFormatOdds();
  const columns: Array<Column<ResultsMultiple>> = [
    { header: 'Date', className: 'whitespace-nowrap', cell: (m) => m.raceDate },
    {
      header: 'Bet',
      rowHeader: true,
      className: 'font-semibold text-navy-900',
      cell: (m) => (
        <>
          {m.label}
          {!m.proofed && (
            <span className="block whitespace-nowrap text-xs font-semibold text-amber-800">Not proofed</span>
          )}
        </>
      ),
    },
    {
      header: 'Legs',
      cell: (m) => (
        <ul className="grid gap-0.5">
          {m.legs.map((l) => (
            <li key={l.legNo}>
              {l.horse} {l.advisedOdds ? odds(l.advisedOdds) : ''}: {l.result ?? 'awaiting result'}
              {l.rule4 && <span className="text-xs text-slate-700"> ({rule4Text(l.rule4)})</span>}
            </li>
          ))}
        </ul>
      ),
    },
    ...PRICE_BASES.map((basis): Column<ResultsMultiple> => ({
      header: `P/L (${BASIS_LABELS[basis]})`,
      className: 'whitespace-nowrap tabular-nums',
      cellClassName: (m) => plTone(m.settled[basis]?.profit ?? 0),
      cell: (m) => settledText(m.settled[basis]),
    })),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Multiples</CardTitle>
        <CardDescription>
          Kept apart from the singles above: 1 point on each bet a multiple is made of (a Lucky 15 is 15 bets). A
          non-runner&apos;s leg is void, so each bet holding it is settled on its other legs; a bet of non-runners only
          returns its stake and is not counted. Bookmakers&apos; bonuses are left out.
          {multiples.pending > 0 && ` ${multiples.pending} awaiting a result.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <BasesTable caption="Multiples at each price" bases={multiples} testId="multiples-bases" />
        <DataTable
          caption="Every multiple"
          columns={columns}
          rows={multiples.list}
          rowKey={(m) => `${m.raceDate}-${m.multipleNo}`}
          className="min-w-[52rem]"
          testId="multiples-table"
        />
      </CardContent>
    </Card>
  );
}

/** A tip's P/L at SP and BSP, each named. */
export function OtherBasesCell({ profits }: { profits: Record<PriceBasis, number | null> }) {
  return (
    <span className="block whitespace-nowrap text-xs text-slate-700">
      SP {pointsOrDash(profits.sp)} · BSP {pointsOrDash(profits.bsp)}
    </span>
  );
}
