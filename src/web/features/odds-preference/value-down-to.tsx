import { formatOdds, valueDownTo, type OddsFormat, type ValueDownTo } from '#shared/odds-format';
import type { ValueInput } from '#shared/value-model';
import { cn } from '#web/lib/cn';

/** Each runner's "value down to" price by its key (`keys[i]` is `field[i]`'s), over the race's field (valueField). */
export function valueDownToAll<K>(keys: readonly K[], field: readonly ValueInput[]): Map<K, ValueDownTo> {
  const out = new Map<K, ValueDownTo>();
  keys.forEach((key, i) => {
    const v = valueDownTo(field, i);
    if (v) out.set(key, v);
  });
  return out;
}

/** "10/3 (4.34)": both forms, the member's own first. */
export function valueDownToText(v: ValueDownTo, format: OddsFormat): string {
  const decimal = formatOdds(v.decimal, 'decimal');
  return format === 'decimal' ? `${decimal} (${v.fractional})` : `${v.fractional} (${decimal})`;
}

/** What the two figures mean, said once on each screen that shows them. */
export const FAIR_PRICE_MEANING =
  'Tissue is the VB ratings’ fair price for the horse, with the rest of its field corrected to the market at their prices; the horse’s own price never moves it. “Value down to” is that price on the bookmakers’ ladder: the shortest price still value.';

/**
 * A runner's fair price by the VB tissue and its value-down-to price, drawn alike on the value
 * board, the race cards, the free race and the tips (decision 0053): "Tissue 4.34 · Value down to
 * 10/3 (4.34)". The tissue is the decimal odds at which the runner's value gap is 0, rounded up to
 * two places, in either format.
 */
export function FairPrice({
  downTo,
  format,
  inline = false,
  className,
}: {
  downTo: ValueDownTo;
  format: OddsFormat;
  /** Within a line of other figures (the board's), rather than a line of its own. */
  inline?: boolean;
  className?: string;
}) {
  const Element = inline ? 'span' : 'p';
  return (
    <Element data-testid="fair-price" className={cn(!inline && 'text-sm text-slate-800', className)}>
      Tissue <span data-testid="tissue-price">{formatOdds(downTo.decimal, 'decimal')}</span> · Value down to{' '}
      {valueDownToText(downTo, format)}
    </Element>
  );
}
