import { describe, expect, it } from 'vitest';
import {
  ageHandicapLabel,
  defaultTab,
  groupByVenue,
  nextSort,
  ratingTone,
  showJockeyClaim,
  sortHorses,
  toggleRace,
  toggleVenue,
  weekdayTabs,
} from './race-card-rules';

describe('weekday tabs', () => {
  it('lists only days with races, wednesday first', () => {
    expect(weekdayTabs({ monday: 2, saturday: 1, wednesday: 3, sunday: 0 })).toEqual([
      'wednesday',
      'saturday',
      'monday',
    ]);
  });
  it('falls back to friday and saturday when no day has races', () => {
    expect(weekdayTabs({})).toEqual(['friday', 'saturday']);
    expect(weekdayTabs({ monday: 0 })).toEqual(['friday', 'saturday']);
  });
});

describe('default tab', () => {
  const counts = { friday: 2, saturday: 3, monday: 1 };
  const tabs = weekdayTabs(counts);
  it('is saturday without an admin default', () => {
    expect(defaultTab(tabs, counts, null, null)).toBe('saturday');
  });
  it('is the admin default (any case) when that day has races', () => {
    expect(defaultTab(tabs, counts, 'Monday', null)).toBe('monday');
  });
  it('ignores an admin default without races', () => {
    expect(defaultTab(tabs, counts, 'Thursday', null)).toBe('saturday');
  });
  it("keeps the user's choice", () => {
    expect(defaultTab(tabs, counts, 'Monday', 'friday')).toBe('friday');
  });
  it('falls to the first tab when saturday is not offered', () => {
    expect(defaultTab(['wednesday', 'monday'], { wednesday: 1, monday: 1 }, null, null)).toBe('wednesday');
  });
});

describe('selection', () => {
  it('View All selects the venue, then deselects it when all are selected', () => {
    expect(toggleVenue([9], [1, 2])).toEqual([9, 1, 2]);
    expect(toggleVenue([1, 9], [1, 2])).toEqual([1, 9, 2]);
    expect(toggleVenue([1, 9, 2], [1, 2])).toEqual([9]);
  });
  it('toggles one race', () => {
    expect(toggleRace([1], 2)).toEqual([1, 2]);
    expect(toggleRace([1, 2], 1)).toEqual([2]);
  });
  it('groups races by venue in order of first race', () => {
    const g = groupByVenue([
      { id: 1, course: 'Ascot' },
      { id: 2, course: 'Kempton' },
      { id: 3, course: 'Ascot' },
    ]);
    expect(g.map((x) => [x.venue, x.races.map((r) => r.id)])).toEqual([
      ['Ascot', [1, 3]],
      ['Kempton', [2]],
    ]);
  });
});

describe('race card display rules', () => {
  it('appends (H/C Limit) when the text ends in a digit', () => {
    expect(ageHandicapLabel('3yo+ 0-75')).toBe('3yo+ 0-75 (H/C Limit)');
    expect(ageHandicapLabel('2yo')).toBe('2yo');
    expect(ageHandicapLabel('')).toBe('');
    expect(ageHandicapLabel(null)).toBe('');
  });
  it('colours VB ratings at 70 and 60', () => {
    expect(ratingTone(70)).toBe('green');
    expect(ratingTone(69.9)).toBe('yellow');
    expect(ratingTone(60)).toBe('yellow');
    expect(ratingTone(59.9)).toBe('grey');
    expect(ratingTone(null)).toBe('grey');
  });
  it('shows a jockey claim only from 1', () => {
    expect(showJockeyClaim(0)).toBe(false);
    expect(showJockeyClaim(null)).toBe(false);
    expect(showJockeyClaim(3)).toBe(true);
  });
});

describe('horse sorting', () => {
  const horses = [
    { id: 'a', number: 2, draw: 5, vbRating: 61 },
    { id: 'b', number: 1, draw: null, vbRating: 75 },
    { id: 'c', number: 3, draw: 1, vbRating: null },
    { id: 'd', number: 4, draw: 3, vbRating: 61 },
  ];
  const ids = (list: typeof horses) => list.map((h) => h.id);
  it('sorts by VB rating descending first, missing last, ties in card order', () => {
    expect(ids(sortHorses(horses, { key: 'vbRating', direction: 'desc' }))).toEqual(['b', 'a', 'd', 'c']);
  });
  it('sorts by number and draw ascending first, missing draw last both ways', () => {
    expect(ids(sortHorses(horses, { key: 'number', direction: 'asc' }))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(sortHorses(horses, { key: 'draw', direction: 'asc' }))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(sortHorses(horses, { key: 'draw', direction: 'desc' }))).toEqual(['a', 'd', 'c', 'b']);
  });
  it('flips on the same key and starts each key in its own direction', () => {
    expect(nextSort({ key: 'vbRating', direction: 'desc' }, 'number')).toEqual({ key: 'number', direction: 'asc' });
    expect(nextSort({ key: 'number', direction: 'asc' }, 'number')).toEqual({ key: 'number', direction: 'desc' });
    expect(nextSort({ key: 'number', direction: 'asc' }, 'vbRating')).toEqual({ key: 'vbRating', direction: 'desc' });
    expect(nextSort({ key: 'number', direction: 'asc' }, 'draw')).toEqual({ key: 'draw', direction: 'asc' });
  });
});
