import { describe, expect, it } from 'vitest';
import { BET_TYPES, betTypeNamed, multipleProblem, readMultiple } from './bet-types';

describe('bet types', () => {
  it('names each bet however it is written, and nothing else', () => {
    expect(betTypeNamed('Lucky 15')?.id).toBe('lucky15');
    expect(betTypeNamed('LUCKY15')?.id).toBe('lucky15');
    expect(betTypeNamed('four-fold')?.id).toBe('fourfold');
    expect(betTypeNamed('4-Fold')?.id).toBe('fourfold');
    expect(betTypeNamed('Super Yankee')?.id).toBe('canadian');
    expect(betTypeNamed('Lucky 16')).toBeNull();
    expect(betTypeNamed('Each Way Double')).toBeNull();
  });

  it('has the legs and smallest fold of each bet', () => {
    expect(BET_TYPES.map((t) => [t.label, t.minFold, t.legs])).toEqual([
      ['Double', 2, 2],
      ['Treble', 3, 3],
      ['Four-fold', 4, 4],
      ['Trixie', 2, 3],
      ['Patent', 1, 3],
      ['Yankee', 2, 4],
      ['Lucky 15', 1, 4],
      ['Canadian', 2, 5],
      ['Lucky 31', 1, 5],
      ['Heinz', 2, 6],
      ['Lucky 63', 1, 6],
    ]);
  });

  it('reads a multiple: the label before the first colon (Lucky 15 without one), selections by comma, semicolon or line', () => {
    expect(readMultiple('Yankee: A, B; C\nD')).toMatchObject({ label: 'Yankee', legs: ['A', 'B', 'C', 'D'] });
    expect(readMultiple('A, B, C, D')).toMatchObject({ label: 'Lucky 15', betType: { id: 'lucky15' } });
    expect(readMultiple('  ')).toBeNull();
  });

  it('says what is wrong with a multiple the record cannot settle', () => {
    expect(multipleProblem('Multiple 1', 'Trixie: A, B, C')).toBeNull();
    expect(multipleProblem('Multiple 1', '')).toBeNull();
    expect(multipleProblem('Multiple 2', 'Goliath: A, B, C, D, E, F, G, H')).toEqual({
      on: 'betType',
      message: expect.stringMatching(
        /^Multiple 2: “Goliath” is not a bet the record can settle\. Name one of: Double, /,
      ),
    });
    expect(multipleProblem('Multiple 1', 'Trixie: A, B, C, D')).toEqual({
      on: 'selections',
      message: 'Multiple 1: a Trixie has 3 selections, not 4 (separate them with commas).',
    });
  });
});
