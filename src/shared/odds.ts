/**
 * Odds as the analyst and the bookmakers write them. Decimal odds include the stake
 * (fractional 5/1 = decimal 6.0); "evs"/"evens" is 1/1 = 2.0.
 */
export function parseOdds(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) && input > 1 ? input : null;
  const text = input.trim().toLowerCase();
  if (!text) return null;
  if (/^(evs|evens|even|evns)$/.test(text)) return 2;
  const fraction = text.match(/^(\d+(?:\.\d+)?)\s*[/-]\s*(\d+(?:\.\d+)?)$/);
  if (fraction) {
    const num = Number(fraction[1]);
    const den = Number(fraction[2]);
    if (den <= 0 || num <= 0) return null;
    return round(num / den + 1, 4);
  }
  if (/^\d+(\.\d+)?$/.test(text)) {
    const value = Number(text);
    return value > 1 ? value : null;
  }
  return null;
}

/** Decimal odds to the usual fractional form ("5/1", "11/4", "evs"), via the nearest simple fraction. */
export function toFractional(decimal: number): string {
  const profit = decimal - 1;
  if (!(profit > 0)) return '';
  if (Math.abs(profit - 1) < 1e-9) return 'evs';
  let best = { num: Math.round(profit), den: 1, err: Math.abs(profit - Math.round(profit)) };
  for (let den = 1; den <= 20; den++) {
    const num = Math.round(profit * den);
    const err = Math.abs(profit - num / den);
    if (num > 0 && err < best.err - 1e-12) best = { num, den, err };
  }
  const g = gcd(best.num, best.den);
  return `${best.num / g}/${best.den / g}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * f) / f;
}
