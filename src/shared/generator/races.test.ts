import { describe, expect, it } from 'vitest';
import type { RaceCardsByDay, RaceSummary } from '../schemas/race-cards';
import { findRace, raceGroups, raceKey, raceOptionLabel, raceOptionValue } from './races';

const race = (id: number, time: string, course: string, runnerCount = 8): RaceSummary => ({
  id,
  raceDate: '2026-11-28',
  time,
  course,
  title: `Race ${id}`,
  runnerCount,
});
const empty = { sunday: [], monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [] };

describe('race selector', () => {
  const lists: RaceCardsByDay = {
    ...empty,
    saturday: [race(1, '15:10', 'Ascot'), race(2, '13:45', 'Kempton'), race(3, '13:45', 'Ascot', 1)],
    sunday: [race(4, '14:00', 'Ascot')],
    friday: [race(5, '12:00', 'Doncaster')],
    yesterday: 'friday',
    today: 'saturday',
    tomorrow: 'sunday',
  };
  it("groups today's then tomorrow's races by time, headed by day name and count", () => {
    const groups = raceGroups(lists);
    expect(groups.map((g) => g.label)).toEqual(['Saturday (3 races)', 'Sunday (1 race)']);
    expect(groups[0].races.map((r) => r.id)).toEqual([3, 2, 1]);
  });
  it('leaves out days without races, and has nothing without lists', () => {
    expect(raceGroups({ ...lists, sunday: [] }).map((g) => g.day)).toEqual(['saturday']);
    expect(raceGroups({ ...lists, saturday: [], sunday: [] })).toEqual([]);
    expect(raceGroups(undefined)).toEqual([]);
  });
  it('keys races by time-course and finds them again', () => {
    const groups = raceGroups(lists);
    expect(raceKey(race(1, '15:10', 'Ascot'))).toBe('15:10-Ascot');
    expect(raceOptionLabel(race(3, '13:45', 'Ascot', 1))).toBe('13:45 - Ascot (1 runner)');
    expect(findRace(groups, raceOptionValue('sunday', race(0, '14:00', 'Ascot')))?.id).toBe(4);
    expect(findRace(groups, 'monday|14:00-Ascot')).toBeUndefined();
  });
});
