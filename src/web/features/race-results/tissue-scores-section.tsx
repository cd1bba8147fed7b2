import { formatLongDay } from '#shared/london-time';
import type { TissueScoresAnswer } from '#shared/schemas/race-results';
import { FEW_RACES, ROLLING_DAYS, SOURCES, type Scores, type Source, type SourceScore } from '#shared/tissue-score';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { ReliabilityChart } from './reliability-chart';

const SOURCE_LABELS: Record<Source, string> = {
  tissue: 'VB tissue',
  bsp: 'Betfair SP',
  morning: 'Morning prices',
  blend: 'Tissue + SP blend',
};

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;
const fixed = (v: number | null, places = 4) => (v === null ? '—' : v.toFixed(places));

/** The plain verdict: lower log-loss is better. One string, so the server render carries it whole. */
function verdict(scores: Scores): string {
  const { tissue, bsp, blend } = scores;
  if (tissue.logLoss === null || bsp.logLoss === null) return 'No race has been scored against the Betfair SP yet.';
  const beat = tissue.logLoss < bsp.logLoss;
  const added = blend.logLoss !== null && blend.logLoss < bsp.logLoss;
  return (
    `Over ${plural(tissue.races, 'race')} the tissue ${beat ? 'beat' : 'did not beat'} the Betfair SP ` +
    `(log-loss ${fixed(tissue.logLoss)} against ${fixed(bsp.logLoss)}; lower is better). ` +
    `The blend of tissue and SP ${added ? 'beat' : 'did not beat'} the SP alone` +
    (added ? ': the tissue adds something the market did not know.' : '.')
  );
}

interface Line {
  source: Source;
  all: SourceScore;
  recent: SourceScore;
}

function ScoresTable({ answer }: { answer: TissueScoresAnswer }) {
  const lines: Line[] = SOURCES.map((s) => ({ source: s, all: answer.scores[s], recent: answer.scores90[s] }));
  const columns: Array<Column<Line>> = [
    { header: 'Probabilities', rowHeader: true, className: 'font-semibold', cell: (l) => SOURCE_LABELS[l.source] },
    { header: 'Log-loss', className: 'font-semibold tabular-nums', cell: (l) => fixed(l.all.logLoss) },
    { header: 'Brier', className: 'tabular-nums', cell: (l) => fixed(l.all.brier) },
    { header: 'Skill v SP', className: 'tabular-nums', cell: (l) => fixed(l.all.brierSkill) },
    { header: `Log-loss, ${ROLLING_DAYS} days`, className: 'tabular-nums', cell: (l) => fixed(l.recent.logLoss) },
    { header: `Brier, ${ROLLING_DAYS} days`, className: 'tabular-nums', cell: (l) => fixed(l.recent.brier) },
  ];
  return (
    <DataTable
      caption="The four side by side, on the same runners"
      columns={columns}
      rows={lines}
      rowKey={(l) => l.source}
      className="min-w-[40rem]"
      testId="tissue-scores"
    />
  );
}

/** The VB tissue scored against the market (decision 0055), published whatever it says. */
export function TissueScoresSection({ answer }: { answer: TissueScoresAnswer }) {
  const { scores, scores90, blendFit } = answer;
  const races = scores.tissue.races;
  return (
    <Card>
      <CardHeader>
        <CardTitle>The tissue against the market</CardTitle>
        <CardDescription>
          Every scored runner given a chance of winning four ways — the VB tissue, the Betfair SP, the morning prices
          and a blend of tissue and SP — and each scored on how it came off. Lower is better on both scores.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-base font-semibold text-navy-900" data-testid="tissue-verdict">
          {verdict(scores)}
        </p>
        {races > 0 && races < FEW_RACES && (
          <p
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="tissue-few-races"
          >
            {`Only ${plural(races, 'race')} so far: under ${FEW_RACES.toLocaleString('en-GB')} races the difference between these scores is mostly chance. Read them as a start, not a verdict.`}
          </p>
        )}
        {races > 0 && (
          <>
            <ScoresTable answer={answer} />
            <p className="text-sm text-slate-700" data-testid="tissue-scores-range">
              {`All time: ${plural(races, 'race')}, ${plural(scores.tissue.runners, 'runner')}, ${formatLongDay(scores.tissue.from!)} to ${formatLongDay(scores.tissue.to!)}. Last ${ROLLING_DAYS} days: ${plural(scores90.tissue.races, 'race')}.`}
              {blendFit
                ? ` The latest blend: tissue^${blendFit.alpha.toFixed(3)} × SP^${blendFit.beta.toFixed(3)}, fitted on the ${plural(blendFit.races, 'race')} before its day.`
                : ' Too few earlier races yet to fit the blend: it is the SP’s own.'}
            </p>
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {SOURCES.map((s) => (
                <ReliabilityChart
                  key={s}
                  title={SOURCE_LABELS[s]}
                  bins={answer.reliability[s]}
                  testId={`reliability-${s}`}
                />
              ))}
            </div>
            <p className="text-sm text-slate-700">
              Each dot is a band of given chances: across, the chance given; up, how often those runners won; its size,
              how many. On the dashed line is a perfect forecast.
            </p>
          </>
        )}
        <div className="grid gap-2 text-sm text-slate-800">
          <p>
            Counted: every race of a day before today whose runners all have a VB rating, a morning price and a Betfair
            SP; non-runners are left out. The tissue&apos;s chance is the runner&apos;s share on the cards (its fair
            price); the SP and morning chances are one over the price, scaled so each race sums to one. The blend gives
            each runner tissue^α × SP^β, scaled the same way, with α and β fitted on earlier days only; until enough
            earlier races, it is the SP.
          </p>
          <p>
            Log-loss is −[y·ln p + (1−y)·ln(1−p)] and Brier (p−y)², averaged over runners, y being 1 for a winner. Skill
            v SP is 1 − Brier ÷ the SP&apos;s Brier: above 0 is better than the SP. Scored every night.
          </p>
          <p>
            <a href="/api/value-calibration.csv" className="font-semibold text-navy-900 underline" download>
              Download every scored runner (CSV)
            </a>{' '}
            and check every figure.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
