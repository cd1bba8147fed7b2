/**
 * A race's field as the value model reads it, from its runners as the cards hold them: one rule
 * for every screen and check that shows or uses the model (the value board, the race cards, the
 * tips' value price, the alerts, the watch list, the export). Pure: no clock, no I/O.
 */
import type { ValueInput } from './value-model';

/** What the value model reads of a runner on the cards. */
export interface FieldRunner {
  name: string;
  vbRating: number | null;
  /** The card's current price (decimal odds), null when it has none. */
  bookieOdds: number | null;
  /** Marked a non-runner on the cards (the morning odds' NR, a correction). */
  potentialNonRunner?: boolean;
  /** How it finished, once its race is resulted ("nr": it did not run). */
  result?: { finish: string } | null;
}

/** A runner that does not run: marked so on the cards, or listed "nr" in its race's result. */
export function isNonRunner(runner: Pick<FieldRunner, 'potentialNonRunner' | 'result'>): boolean {
  return runner.potentialNonRunner === true || runner.result?.finish === 'nr';
}

/**
 * The model's input for a race, one entry per runner in the runners' order (so runner i is entry
 * i: `valueDownTo(field, i)`, `calculateValue(field)[i]`). The rating is the VB rating and the
 * price the card's current one. A runner without a rating or a price, and a non-runner, enter with
 * no price: the model leaves them out of the field and gives them no figures, so a non-runner
 * never takes a share from the runners that run.
 */
export function valueField(runners: readonly FieldRunner[]): ValueInput[] {
  return runners.map((r) => ({
    name: r.name,
    rating: r.vbRating ?? 0,
    marketOdds: isNonRunner(r) ? 0 : (r.bookieOdds ?? 0),
  }));
}
