import { describe, expect, it } from 'vitest';
import { blankRow, type GeneratorRow } from './rows';
import { nextSort, sortRows } from './sort';

const row = (id: string, fields: Partial<GeneratorRow>): GeneratorRow => ({ ...blankRow(id), name: id, ...fields });
const rows = [
  row('a', { rating: 70, marketOdds: 5, tissueOdds: 4.1, valueScore: 3, value: 1 }),
  row('b', { rating: 0, marketOdds: 0 }),
  row('c', { rating: 85, marketOdds: 2.5, tissueOdds: 2.05, valueScore: 5, value: 9 }),
  row('d', { rating: 60, marketOdds: 12, tissueOdds: 15, valueScore: 3, value: 2.5 }),
];
const ids = (list: GeneratorRow[]) => list.map((r) => r.id).join('');

describe('sorting', () => {
  it('starts best first and flips on the same column', () => {
    const first = nextSort(null, 'rating');
    expect(first).toEqual({ key: 'rating', direction: 'desc' });
    expect(nextSort(first, 'rating')).toEqual({ key: 'rating', direction: 'asc' });
    expect(nextSort(nextSort(first, 'rating'), 'rating')).toEqual({ key: 'rating', direction: 'desc' });
    expect(nextSort(first, 'tissueOdds')).toEqual({ key: 'tissueOdds', direction: 'asc' });
    expect(nextSort(first, 'marketOdds')).toEqual({ key: 'marketOdds', direction: 'asc' });
    expect(nextSort(first, 'adjustedRating')).toEqual({ key: 'adjustedRating', direction: 'desc' });
  });
  it('the first click on Value Score puts the best value first', () => {
    const sort = nextSort({ key: 'rating', direction: 'desc' }, 'valueScore');
    expect(sort).toEqual({ key: 'valueScore', direction: 'desc' });
    expect(ids(sortRows(rows, sort))).toBe('cdab');
  });
  it('puts undefined values last in both directions', () => {
    expect(ids(sortRows(rows, { key: 'rating', direction: 'asc' }))).toBe('dacb');
    expect(ids(sortRows(rows, { key: 'rating', direction: 'desc' }))).toBe('cadb');
    expect(ids(sortRows(rows, { key: 'marketOdds', direction: 'asc' }))).toBe('cadb');
    expect(ids(sortRows(rows, { key: 'tissueOdds', direction: 'desc' }))).toBe('dacb');
    expect(ids(sortRows(rows, { key: 'adjustedRating', direction: 'asc' }))).toBe('abcd');
  });
  it('breaks equal value scores by the value gap', () => {
    expect(ids(sortRows(rows, { key: 'valueScore', direction: 'desc' }))).toBe('cdab');
    expect(ids(sortRows(rows, { key: 'valueScore', direction: 'asc' }))).toBe('adcb');
  });
  it('leaves the order alone without a sort and never changes the input', () => {
    const copy = [...rows];
    expect(ids(sortRows(rows, null))).toBe('abcd');
    sortRows(rows, { key: 'rating', direction: 'asc' });
    expect(rows).toEqual(copy);
  });
});
