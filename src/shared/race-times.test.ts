import { describe, expect, it } from 'vitest';
import { byTime, nextOff, raceIsOff } from './race-times';

describe('the day by time', () => {
  const race = (id: number, time: string, course: string, raceDate = '2026-11-25') => ({ id, time, course, raceDate });
  const day = [
    race(1, '14:10', 'Ascot'),
    race(2, '9:50', 'Wexford'),
    race(3, '13:45', 'Haydock'),
    race(4, '14:10', 'Aintree'),
    race(5, '20:15', 'Wolverhampton'),
  ];

  it('orders every venue by time off, a morning "9:50" before the afternoon, ties by course', () => {
    expect(byTime(day).map((r) => r.id)).toEqual([2, 3, 4, 1, 5]);
  });

  it('the next off is the first race still to come today, and none on another day or after the last', () => {
    expect(nextOff(day, '2026-11-25', '13:46')?.id).toBe(4);
    expect(nextOff(day, '2026-11-25', '14:10')?.id).toBe(4); // off at 14:10, still the one to go to
    expect(nextOff(day, '2026-11-25', '08:00')?.id).toBe(2);
    expect(nextOff(day, '2026-11-25', '20:16')).toBeUndefined();
    expect(nextOff(day, '2026-11-24', '13:00')).toBeUndefined();
  });

  it('a race is off once its minute has passed, and on every later day; never before its day', () => {
    const r = race(1, '14:10', 'Ascot');
    expect(raceIsOff(r, '2026-11-25', '14:10')).toBe(false);
    expect(raceIsOff(r, '2026-11-25', '14:11')).toBe(true);
    expect(raceIsOff(race(2, '9:50', 'Wexford'), '2026-11-25', '10:00')).toBe(true); // "9:50" compared as a time, not as text
    expect(raceIsOff(r, '2026-11-26', '08:00')).toBe(true);
    expect(raceIsOff(r, '2026-11-24', '23:59')).toBe(false);
  });
});
