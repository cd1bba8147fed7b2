import { formatOdds, valueDownTo, type ValueDownTo } from '#shared/odds-format';
import type { ValueInput } from '#shared/value-model';

/** Each runner's "value down to" price by its key, from the race's VB ratings and morning odds. */
export function valueDownToAll<K>(runners: Array<ValueInput & { key: K }>): Map<K, ValueDownTo> {
  const out = new Map<K, ValueDownTo>();
  runners.forEach((r, i) => {
    const v = valueDownTo(runners, i);
    if (v) out.set(r.key, v);
  });
  return out;
}

/** "10/3 (4.34)": both forms, the member's own first. */
export function valueDownToText(v: ValueDownTo, format: 'fractional' | 'decimal'): string {
  const decimal = formatOdds(v.decimal, 'decimal');
  return format === 'decimal' ? `${decimal} (${v.fractional})` : `${v.fractional} (${decimal})`;
}
