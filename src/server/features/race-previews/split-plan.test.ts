import { describe, expect, it } from 'vitest';
import { headingOf, planSplit } from './split-plan';

describe('race headings', () => {
  it('reads a time and the course words after it', () => {
    expect(headingOf('14:30 Ascot')).toEqual({ raceTime: '14:30', course: 'Ascot' });
    expect(headingOf('  2:10 Newton Abbot – Class 4 Handicap')).toEqual({ raceTime: '2:10', course: 'Newton Abbot' });
    expect(headingOf('15.05 Bangor-on-Dee')).toEqual({ raceTime: '15:05', course: 'Bangor-on-Dee' });
    expect(headingOf('16:00 Kempton Park (AW)')).toEqual({ raceTime: '16:00', course: 'Kempton Park' });
  });

  it('ignores lines that do not open with one', () => {
    expect(headingOf('Going reports at 07:30 and 11:00')).toBeNull();
    expect(headingOf('Ascot 13:50 continued')).toBeNull();
    expect(headingOf('25:00 Ascot')).toBeNull();
    expect(headingOf('14:30 ascot')).toBeNull();
    expect(headingOf('14:30')).toBeNull();
  });
});

describe('planSplit', () => {
  it('groups continuation pages, marks features and names unmatched pages', () => {
    const plan = planSplit([
      'Cover',
      '13:50 Ascot\nbody',
      'more',
      '14:30 Ascot\nFEATURE RACE',
      '15:05 Haydock',
      'x',
      'Feature race in prose',
    ]);
    expect(plan.unmatchedPages).toEqual([1]);
    expect(plan.races).toEqual([
      { raceTime: '13:50', course: 'Ascot', isFeature: false, pages: [1, 2] },
      { raceTime: '14:30', course: 'Ascot', isFeature: true, pages: [3] },
      { raceTime: '15:05', course: 'Haydock', isFeature: false, pages: [4, 5, 6] },
    ]);
  });

  it('keeps a repeated running header as one race', () => {
    const plan = planSplit(['14:30 Ascot\np1', '14:30 Ascot\np2', '15:00 Ascot']);
    expect(plan.races.map((r) => r.pages)).toEqual([[0, 1], [2]]);
  });

  it('finds no race when no page has a heading', () => {
    expect(planSplit(['a', 'b'])).toEqual({ races: [], unmatchedPages: [1, 2] });
  });
});
