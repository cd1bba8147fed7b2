import { describe, expect, it } from 'vitest';
import { isPastLondonDay } from './dated-content';

describe('isPastLondonDay (decision 10: past days only are public)', () => {
  it('yesterday is past; today and tomorrow are not', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(isPastLondonDay('2026-11-23', now)).toBe(true);
    expect(isPastLondonDay('2026-11-24', now)).toBe(false);
    expect(isPastLondonDay('2026-11-25', now)).toBe(false);
    expect(isPastLondonDay('2025-12-31', now)).toBe(true);
  });

  it('uses the London day in summer time: 23:30 UTC on 14 July is already 15 July', () => {
    const now = new Date('2026-07-14T23:30:00Z');
    expect(isPastLondonDay('2026-07-14', now)).toBe(true);
    expect(isPastLondonDay('2026-07-15', now)).toBe(false);
  });

  it('in winter London is UTC: 23:30 UTC is still the same day, 00:00 UTC the next', () => {
    expect(isPastLondonDay('2026-01-14', new Date('2026-01-14T23:30:00Z'))).toBe(false);
    expect(isPastLondonDay('2026-01-14', new Date('2026-01-15T00:00:00Z'))).toBe(true);
  });

  it('across the clock changes (29 March and 25 October 2026)', () => {
    // Midnight UTC on 29 March is midnight GMT (summer time starts at 01:00 UTC): 28 March is over.
    expect(isPastLondonDay('2026-03-28', new Date('2026-03-28T23:59:59Z'))).toBe(false);
    expect(isPastLondonDay('2026-03-28', new Date('2026-03-29T00:00:00Z'))).toBe(true);
    // 23:00 UTC on 24 October is midnight BST: 25 October has begun in London.
    expect(isPastLondonDay('2026-10-24', new Date('2026-10-24T22:59:59Z'))).toBe(false);
    expect(isPastLondonDay('2026-10-24', new Date('2026-10-24T23:00:00Z'))).toBe(true);
  });
});
