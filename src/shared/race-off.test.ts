import { describe, expect, it } from 'vitest';
import { isOff, notOffMessage } from './race-off';

describe('isOff', () => {
  it('is off once the London minute of its time has passed, in summer and in winter', () => {
    // 14 July: London is UTC+1, so the 16:20 is off from 15:21 UTC.
    expect(isOff('2026-07-14', '16:20', new Date('2026-07-14T15:20:59Z'))).toBe(false);
    expect(isOff('2026-07-14', '16:20', new Date('2026-07-14T15:21:00Z'))).toBe(true);
    // 25 November: London is on UTC.
    expect(isOff('2026-11-25', '16:20', new Date('2026-11-25T13:15:00Z'))).toBe(false);
    expect(isOff('2026-11-25', '16:20', new Date('2026-11-25T16:21:00Z'))).toBe(true);
    // A race of a later day is not off; one of an earlier day is.
    expect(isOff('2026-11-26', '12:15', new Date('2026-11-25T23:59:00Z'))).toBe(false);
    expect(isOff('2026-11-24', '23:59', new Date('2026-11-25T00:00:00Z'))).toBe(true);
  });
});

describe('notOffMessage', () => {
  it('names the race, its off and what to do', () => {
    expect(notOffMessage('2026-11-25', [{ time: '16:20', course: 'Ascot' }], '2026-11-25')).toBe(
      'The 16:20 Ascot is not off until 16:20 (London time); nothing was saved. If the race time is wrong, correct it on the cards first.',
    );
  });

  it('names every race, and the day when it is not today', () => {
    expect(
      notOffMessage(
        '2026-11-26',
        [
          { time: '12:15', course: 'Ascot' },
          { time: '12:50', course: 'Ascot' },
          { time: '13:25', course: 'Kempton' },
        ],
        '2026-11-25',
      ),
    ).toBe(
      'The 12:15 Ascot, the 12:50 Ascot and the 13:25 Kempton are not off until 12:15, 12:50 and 13:25 on 2026-11-26 (London time); nothing was saved. If a race time is wrong, correct it on the cards first.',
    );
  });
});
