import { formatCorrection, oneDecimal, tissueOddsText, type GeneratorRow } from '#shared/generator/rows';
import type { OddsFormat } from '#shared/odds-format';
import { ScoreBadge } from './value-legend';

/** Computed figures are shown once a calculation has included the row; '–' until then. */
const shows = (row: GeneratorRow, calculated: boolean) => calculated && row.tissueOdds !== undefined;

export function ScoreCell({ row, calculated }: { row: GeneratorRow; calculated: boolean }) {
  if (!shows(row, calculated) || row.valueScore === undefined) return <span className="text-slate-500">–</span>;
  const gap = row.value ?? 0;
  return (
    <span className="inline-flex items-center gap-2">
      <ScoreBadge score={row.valueScore} withLabel />
      <span className="text-xs text-slate-600 tabular-nums" title="Value gap in percentage points">
        {gap >= 0 ? '+' : '−'}
        {Math.abs(gap).toFixed(1)}
      </span>
    </span>
  );
}

/** The computed figures as text; tissue odds in both formats, the member's first. */
export function figures(row: GeneratorRow, calculated: boolean, format: OddsFormat) {
  const on = shows(row, calculated);
  return {
    adjustedRating: on ? oneDecimal(row.adjustedRating) : '–',
    tissueOdds: on ? tissueOddsText(row.tissueOdds, format) : '–',
    marketCorrection: on ? formatCorrection(row.marketCorrection) : '–',
  };
}

export type Figures = ReturnType<typeof figures>;

/** How the table's cells and the cards' figures are marked, figure by figure (`data-column`). */
export const FIGURE_COLUMNS: Record<keyof Figures, string> = {
  adjustedRating: 'adjusted-rating',
  tissueOdds: 'tissue-odds',
  marketCorrection: 'market-correction',
};
