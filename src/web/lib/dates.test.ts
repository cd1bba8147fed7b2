import { describe, expect, it } from 'vitest';
import { formatLondonDateTime } from './dates';

describe('formatLondonDateTime', () => {
  it('writes London wall-clock time in winter and in summer', () => {
    expect(formatLondonDateTime('2026-01-03T00:05:00Z')).toBe('3 Jan 2026, 00:05');
    // 23:05 UTC in July is five past midnight the next day in London (BST).
    expect(formatLondonDateTime('2026-07-03T23:05:00Z')).toBe('4 Jul 2026, 00:05');
    expect(formatLondonDateTime(new Date('2026-11-22T14:30:00Z'))).toBe('22 Nov 2026, 14:30');
  });

  it('answers a dash for what is not a date', () => {
    expect(formatLondonDateTime('not a date')).toBe('—');
  });
});
