/** Sortable generator columns: a click sorts, the same column again flips direction. */
import type { GeneratorRow } from './rows';

export type SortKey = 'rating' | 'marketOdds' | 'adjustedRating' | 'tissueOdds' | 'valueScore';
type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const SORT_LABELS: Record<SortKey, string> = {
  rating: 'Rating',
  marketOdds: 'Market Odds',
  adjustedRating: 'Adjusted Rating',
  tissueOdds: 'Tissue Odds',
  valueScore: 'Value Score',
};

/**
 * A column's first click puts the best first: the highest rating and the best value score at the
 * top, the shortest (likeliest) odds at the top.
 */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  rating: 'desc',
  marketOdds: 'asc',
  adjustedRating: 'desc',
  tissueOdds: 'asc',
  valueScore: 'desc',
};

/** The same column flips direction; a new column starts best first. */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: FIRST_DIRECTION[key] };
}

/**
 * The sort value of a row, or undefined. A rating or market odds of 0 is "not entered" (blank and
 * non-numeric inputs become 0), so it counts as undefined too.
 */
function sortValue(row: GeneratorRow, key: SortKey): number | undefined {
  const v = row[key];
  if (v === undefined || v === null || !Number.isFinite(v)) return undefined;
  if ((key === 'rating' || key === 'marketOdds') && v <= 0) return undefined;
  return v;
}

/** Rows in the chosen order; rows with undefined values last in both directions; stable. */
export function sortRows(rows: readonly GeneratorRow[], sort: SortState | null): GeneratorRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = sortValue(a.row, sort.key);
      const y = sortValue(b.row, sort.key);
      if (x === undefined || y === undefined) {
        if (x === undefined && y === undefined) return a.index - b.index;
        return x === undefined ? 1 : -1;
      }
      if (x !== y) return (x - y) * sign;
      // Equal scores: the bigger value gap breaks the tie the same way.
      if (sort.key === 'valueScore') {
        const gap = ((a.row.value ?? 0) - (b.row.value ?? 0)) * sign;
        if (gap !== 0) return gap;
      }
      return a.index - b.index;
    })
    .map(({ row }) => row);
}
