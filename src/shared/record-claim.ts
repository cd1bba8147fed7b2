import { formatLongDay } from './london-time';
import { formatPoints, type TipStats } from './tip-stats';

/** The prices a record's figures are settled at. */
type PriceBasis = 'advised' | 'sp' | 'bsp';

const BASIS_WORDS: Record<PriceBasis, string> = {
  advised: 'at the advised prices',
  sp: 'at starting prices',
  bsp: 'at Betfair starting prices before commission',
};

export interface RecordClaimTerms {
  /** The first and last race day of the tips the figures count (YYYY-MM-DD). */
  period: { from: string; to: string };
  /** The bank in points (PROOFING_BANK_POINTS); every tip is a 1-point level stake. */
  bank: number;
  basis: PriceBasis;
  /** Settled tips that are proofed; no claim is made below `minTips` (RECORD_CLAIMS_MIN_TIPS). */
  proofedTips: number;
  minTips: number;
}

const percent = (value: number) => `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}%`;

/**
 * The one sentence in which the site states its profit, ROI and strike rate: drawn from the
 * record's figures (computeStats over the settled tips of `period`), naming the period, the bank,
 * the stakes and the price basis. Null, so that nothing is claimed, until at least `minTips`
 * settled tips are proofed, or when the figures count no tip.
 */
export function recordClaim(
  stats: Pick<TipStats, 'tips' | 'staked' | 'won' | 'profitLoss' | 'roi' | 'strikeRate'>,
  terms: RecordClaimTerms,
): string | null {
  if (stats.tips === 0 || terms.proofedTips < terms.minTips) return null;
  const { from, to } = terms.period;
  const period =
    from === to
      ? `on ${formatLongDay(from, false)}`
      : `from ${formatLongDay(from, false)} to ${formatLongDay(to, false)}`;
  return (
    `Our proofed record ${period}: ${stats.tips} settled ${stats.tips === 1 ? 'tip' : 'tips'}, ` +
    `${formatPoints(stats.profitLoss)} points to 1-point level stakes ${BASIS_WORDS[terms.basis]} ` +
    `(a ${terms.bank}-point bank), a return on investment of ${percent(stats.roi)}, and ${stats.won} ` +
    `${stats.won === 1 ? 'winner' : 'winners'} from the ${stats.staked} that ran (a strike rate of ${percent(stats.strikeRate)}).`
  );
}
