import { describe, expect, it } from 'vitest';
import { parseOdds, toFractional } from './odds';

describe('parseOdds', () => {
  it('reads fractional odds including the stake', () => {
    expect(parseOdds('5/1')).toBe(6);
    expect(parseOdds('11/4')).toBe(3.75);
    expect(parseOdds('4/6')).toBeCloseTo(1.6667, 4);
    expect(parseOdds(' 100/30 ')).toBeCloseTo(4.3333, 4);
    expect(parseOdds('7-2')).toBe(4.5);
  });
  it('reads evens in its usual spellings', () => {
    expect(parseOdds('evs')).toBe(2);
    expect(parseOdds('Evens')).toBe(2);
  });
  it('reads decimal odds as text or number', () => {
    expect(parseOdds('6.5')).toBe(6.5);
    expect(parseOdds(3.25)).toBe(3.25);
  });
  it('rejects what is not odds', () => {
    for (const bad of ['', 'SP', 'abc', '5/0', '0/5', '1', '0.5', '-3', null, undefined, Number.NaN, 1]) {
      expect(parseOdds(bad as never)).toBeNull();
    }
  });
});

describe('toFractional', () => {
  it('writes the usual fractions', () => {
    expect(toFractional(6)).toBe('5/1');
    expect(toFractional(3.75)).toBe('11/4');
    expect(toFractional(2)).toBe('evs');
    expect(toFractional(1.5)).toBe('1/2');
    expect(toFractional(parseOdds('4/6')!)).toBe('2/3'); // reduced
  });
  it('gives nothing for impossible odds', () => {
    expect(toFractional(1)).toBe('');
    expect(toFractional(0.5)).toBe('');
  });
});
