import { describe, expect, it } from 'vitest';
import { multipleProblem, readMultiple } from './bet-types';

describe('reading a published multiple', () => {
  it('the label before the first colon (Lucky 15 without one), the selections by comma, semicolon or line', () => {
    expect(readMultiple('Yankee: A, B; C\nD')).toEqual({
      label: 'Yankee',
      betType: 'yankee',
      legs: ['A', 'B', 'C', 'D'],
    });
    expect(readMultiple('A, B, C, D')).toMatchObject({ label: 'Lucky 15', betType: 'lucky15' });
    expect(readMultiple('Goliath: A')).toMatchObject({ betType: null });
    expect(readMultiple('  ')).toBeNull();
  });

  it('says what is wrong with a multiple the record cannot settle', () => {
    expect(multipleProblem('Multiple 1', 'Trixie: A, B, C')).toBeNull();
    expect(multipleProblem('Multiple 1', 'super yankee: A, B, C, D, E')).toBeNull();
    expect(multipleProblem('Multiple 1', '')).toBeNull();
    expect(multipleProblem('Multiple 2', 'Goliath: A, B, C, D, E, F, G, H')).toEqual({
      on: 'betType',
      message:
        'Multiple 2: “Goliath” is not a bet the record can settle. Name one of: Double, Treble, Four-fold, Trixie, Patent, Yankee, Lucky 15, Canadian, Lucky 31, Heinz, Lucky 63.',
    });
    expect(multipleProblem('Multiple 1', 'Trixie: A, B, C, D')).toEqual({
      on: 'selections',
      message: 'Multiple 1: a Trixie has 3 selections, not 4 (separate them with commas).',
    });
  });
});
