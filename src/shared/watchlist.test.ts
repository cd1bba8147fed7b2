import { describe, expect, it } from 'vitest';
import { nextRun } from './watchlist';

const run = (raceDate: string, time: string, course = 'Ascot') => ({ raceDate, time, course });
const TODAY = '2026-11-25';

describe('nextRun', () => {
  it('is the first race still to run today, by time whatever the padding', () => {
    const runs = [run(TODAY, '15:40'), run(TODAY, '9:05', 'Fairyhouse'), run('2026-11-28', '13:00')];
    expect(nextRun(runs, TODAY, '08:00')).toBe(runs[1]);
    expect(nextRun(runs, TODAY, '10:00')).toBe(runs[0]);
  });

  it('keeps a race through its off minute, then moves on to a later day', () => {
    const runs = [run('2026-11-28', '13:00'), run(TODAY, '14:10')];
    expect(nextRun(runs, TODAY, '14:10')).toBe(runs[1]);
    expect(nextRun(runs, TODAY, '14:11')).toBe(runs[0]);
  });

  it("falls back to today's last run once it is off and no later card has the horse", () => {
    const runs = [run(TODAY, '13:30'), run(TODAY, '16:00', 'Kempton')];
    expect(nextRun(runs, TODAY, '17:00')).toBe(runs[1]);
  });

  it('orders later days by day, never shows an earlier day, and is undefined with nothing', () => {
    const runs = [run('2026-11-29', '12:00'), run('2026-11-24', '15:00'), run('2026-11-27', '18:00')];
    expect(nextRun(runs, TODAY, '09:00')).toBe(runs[2]);
    expect(nextRun([run('2026-11-24', '15:00')], TODAY, '09:00')).toBeUndefined();
    expect(nextRun([], TODAY, '09:00')).toBeUndefined();
  });
});
