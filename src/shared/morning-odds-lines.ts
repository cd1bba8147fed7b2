import { parseOdds } from './odds';

/** One "Horse: odds" line of the pasted morning-odds text (docs/decisions/0013). */
export interface MorningOddsLine {
  line: number;
  horse: string;
  /** Decimal odds, or null for a non-runner. */
  odds: number | null;
  oddsText: string;
  nonRunner: boolean;
}

export type MorningOddsLinesResult = { ok: true; lines: MorningOddsLine[] } | { ok: false; errors: string[] };

const NON_RUNNER = /^(nr|n\/r|non-?runner)$/i;
/** More lines than any race day has runners: a paste of something else. */
const MAX_MORNING_ODDS_LINES = 2000;
const MAX_ERRORS = 10;

/**
 * Reads text such as "Galopin Des Champs: 11/4" one line at a time; blank lines are skipped and
 * the last colon separates name from odds (so a name may contain one). Odds are decimal (6.5),
 * fractional (11/2) or "evs"; "NR" marks a non-runner. Every problem is reported with its line
 * number, and nothing is returned unless every line is good.
 */
export function parseMorningOddsLines(text: string): MorningOddsLinesResult {
  const rows = text.split(/\r?\n/);
  if (rows.length > MAX_MORNING_ODDS_LINES) return { ok: false, errors: [`more than ${MAX_MORNING_ODDS_LINES} lines`] };
  const lines: MorningOddsLine[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    const line = i + 1;
    const row = raw.trim();
    if (!row || errors.length >= MAX_ERRORS) return;
    const colon = row.lastIndexOf(':');
    const horse = colon > 0 ? row.slice(0, colon).replace(/\s+/g, ' ').trim() : '';
    const oddsText = colon > 0 ? row.slice(colon + 1).trim() : '';
    if (!horse || !oddsText) {
      errors.push(`line ${line}: write "Horse: odds", found "${row.slice(0, 60)}"`);
      return;
    }
    const key = horse.toLowerCase();
    if (seen.has(key)) {
      errors.push(`line ${line}: ${horse} is already on line ${seen.get(key)}`);
      return;
    }
    seen.set(key, line);
    if (NON_RUNNER.test(oddsText)) {
      lines.push({ line, horse, odds: null, oddsText, nonRunner: true });
      return;
    }
    const odds = parseOdds(oddsText);
    if (odds === null || odds >= 100_000_000) {
      errors.push(
        `line ${line}: odds for ${horse} must look like 6.5, 11/2, evs or NR, found "${oddsText.slice(0, 40)}"`,
      );
      return;
    }
    lines.push({ line, horse, odds: Math.round(odds * 100) / 100, oddsText, nonRunner: false });
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, lines };
}
