import { describe, expect, it } from 'vitest';
import {
  addDays,
  endOfLondonDay,
  formatLongDay,
  formatShortDay,
  isIsoDay,
  londonClock,
  londonDate,
  londonInstant,
  startOfLondonDay,
  weekdayOf,
} from './london-time';

describe('London calendar days', () => {
  it('uses London, not UTC, just after midnight in summer time (BST = UTC+1)', () => {
    expect(londonDate(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(londonDate(new Date('2026-07-14T22:59:59Z'))).toBe('2026-07-14');
  });
  it('equals UTC in winter time (GMT)', () => {
    expect(londonDate(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
    expect(londonDate(new Date('2026-01-15T00:00:01Z'))).toBe('2026-01-15');
  });
  it('answers each instant its own day when asked again and again around midnight (the minute is reused, never the day)', () => {
    // Midnight in summer time is 23:00 UTC the evening before.
    const asked = [
      '2026-10-24T22:59:59.999Z',
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T22:59:00.000Z',
      '2026-10-24T23:00:59.999Z',
    ];
    expect(asked.map((iso) => londonDate(new Date(iso)))).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-24',
      '2026-10-25',
    ]);
    expect(londonDate(new Date('2026-10-24T23:00:30Z'))).toBe('2026-10-25');
    expect(londonDate(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(londonDate(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('crosses the clock changes correctly', () => {
    // 29 March 2026: clocks go forward at 01:00 UTC
    expect(londonDate(new Date('2026-03-28T23:59:00Z'))).toBe('2026-03-28');
    expect(londonDate(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    // 25 October 2026: clocks go back at 01:00 UTC
    expect(londonDate(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDate(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });
  it('gives the instant a London day begins, in winter and in summer time', () => {
    expect(startOfLondonDay('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfLondonDay('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    // The days of the clock changes begin before the change (01:00 UTC).
    expect(startOfLondonDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfLondonDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfLondonDay('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfLondonDay('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
  it('gives the last instant of a London day, in winter and in summer time', () => {
    expect(endOfLondonDay('2026-01-15').toISOString()).toBe('2026-01-15T23:59:59.999Z');
    expect(endOfLondonDay('2026-07-15').toISOString()).toBe('2026-07-15T22:59:59.999Z');
  });
  it('adds days across months and years, and names weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-22')).toBe('sunday');
    expect(weekdayOf('2026-11-27')).toBe('friday');
  });
  it('validates YYYY-MM-DD days and formats them in long British form', () => {
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-1-05')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(formatLongDay('2026-11-22')).toBe('Sunday 22 November 2026');
    expect(formatLongDay('2026-11-22', false)).toBe('22 November 2026');
  });
  it('formats a short day for tabs', () => {
    expect(formatShortDay('2026-11-30')).toBe('Mon 30 Nov');
    expect(formatShortDay('2027-01-02')).toBe('Sat 2 Jan');
    expect(formatShortDay('2026-11-30', false)).toBe('30 Nov');
  });
});

describe('londonInstant', () => {
  it('reads a London wall-clock time in summer (BST) and in winter (GMT)', () => {
    expect(londonInstant('2026-07-14', '14:10').toISOString()).toBe('2026-07-14T13:10:00.000Z');
    expect(londonInstant('2026-11-25', '14:10').toISOString()).toBe('2026-11-25T14:10:00.000Z');
  });
  it('takes a skipped time as the hour after and a repeated one as its first occurrence', () => {
    expect(londonInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 02:30 BST
    expect(londonInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 01:30 BST
  });
});

describe('the summer-time rule against Intl', () => {
  const intlDay = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const intlClock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  it('gives the day and the clock Intl gives, every quarter-hour around each change, 1990–2060', () => {
    for (let year = 1990; year <= 2060; year++)
      for (const month of [2, 9]) {
        // Every Sunday of the month's last fortnight, from 22:00 UTC the day before to 04:00 UTC.
        for (let day = 18; day <= 31; day++) {
          const start = Date.UTC(year, month, day, -2);
          for (let t = start; t <= start + 6 * 3600_000; t += 15 * 60_000) {
            const instant = new Date(t);
            expect([londonDate(instant), londonClock(instant)], instant.toISOString()).toEqual([
              intlDay.format(instant),
              intlClock.format(instant),
            ]);
          }
        }
      }
  });
  it('gives the day and the clock Intl gives at 5,000 instants spread over 1996–2100', () => {
    const from = Date.UTC(1996, 0, 1);
    const span = Date.UTC(2100, 0, 1) - from;
    for (let i = 0; i < 5000; i++) {
      const instant = new Date(from + Math.floor(((i * 7919) % 5000) * (span / 5000)) + i * 61_000);
      expect([londonDate(instant), londonClock(instant)], instant.toISOString()).toEqual([
        intlDay.format(instant),
        intlClock.format(instant),
      ]);
    }
  });
});
