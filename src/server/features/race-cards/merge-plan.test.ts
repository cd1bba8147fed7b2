import { describe, expect, it } from 'vitest';
import { planMerge, type StoredHorse } from './merge-plan';
import type { ParsedHorse, ParsedRace } from './workbook';

const horse = (name: string, over: Partial<ParsedHorse> = {}): ParsedHorse => ({
  position: 1,
  name,
  number: null,
  draw: null,
  dslr: null,
  sire: '',
  dam: '',
  form: '',
  formHistory: '',
  jockey: '',
  jockeyClaim: null,
  trainer: '',
  vbRating: 70,
  age: null,
  equipment: '',
  runsWins: '0-0',
  officialRating: null,
  weight: '',
  summary: 'wb summary',
  bookieOdds: 6,
  bookieOddsText: '5/1',
  potentialNonRunner: false,
  ...over,
});
const race = (time: string, horses: ParsedHorse[]): ParsedRace => ({
  time,
  course: 'Ascot',
  title: 'T',
  distance: '',
  raceType: '',
  classNumber: '',
  prizeMoney: '',
  ageHandicapInfo: '',
  horses,
});
const wb = { summary: 'wb summary', bookieOdds: 6, bookieOddsText: '5/1', potentialNonRunner: false };

describe('planMerge', () => {
  const stored = [{ id: 7, raceDate: '2026-11-25', time: '14:10', course: ' ascot ' }];

  it('keeps race and runner ids by day, time, course and name (case and spaces aside)', () => {
    const plan = planMerge([race('14:10', [horse('Northern  Star'), horse('New One')])], '2026-11-25', stored, [
      { id: 70, raceId: 7, name: 'northern star', ...wb, workbookValues: wb },
    ]);
    expect(plan.races[0].id).toBe(7);
    expect(plan.races[0].horses.map((h) => h.id)).toEqual([70, undefined]);
    expect(plan.summary).toMatchObject({ racesKept: 1, runnersKept: 1, runnersAdded: 1, racesRemoved: 0 });
  });

  it('keeps a later stage value unless the workbook changed that field; the workbook wins where it did', () => {
    const old: StoredHorse = {
      id: 70,
      raceId: 7,
      name: 'A',
      ...wb,
      bookieOdds: 34,
      bookieOddsText: '33/1',
      summary: 'edited',
      workbookValues: wb,
    };
    const plan = planMerge([race('14:10', [horse('A', { summary: 'new wb summary' })])], '2026-11-25', stored, [old]);
    expect(plan.races[0].horses[0]).toMatchObject({
      bookieOdds: 34,
      bookieOddsText: '33/1',
      summary: 'new wb summary',
      workbookValues: { summary: 'new wb summary', bookieOddsText: '5/1' },
    });
    expect(plan.summary).toMatchObject({ laterValuesKept: 1, laterValuesReplaced: 1 });
  });

  it('a row stored before workbook values were kept keeps its values (they may be a later stage’s)', () => {
    const legacy: StoredHorse = {
      id: 70,
      raceId: 7,
      name: 'A',
      ...wb,
      bookieOdds: 34,
      bookieOddsText: '33/1',
      workbookValues: null,
    };
    const plan = planMerge([race('14:10', [horse('A')])], '2026-11-25', stored, [legacy]);
    expect(plan.races[0].horses[0]).toMatchObject({ id: 70, bookieOdds: 34, bookieOddsText: '33/1' });
  });

  it('a race at the same time and course with none of the stored runners is another race: the old one goes whole', () => {
    const plan = planMerge([race('14:10', [horse('New One'), horse('New Two')])], '2026-11-25', stored, [
      { id: 70, raceId: 7, name: 'Northern Star', ...wb, summary: 'set later', workbookValues: wb },
      { id: 71, raceId: 7, name: 'Harbour Light', ...wb, workbookValues: wb },
    ]);
    expect(plan.races[0].id).toBeUndefined();
    expect(plan.removeRaceIds).toEqual([7]);
    expect(plan.races[0].horses.map((h) => [h.id, h.summary])).toEqual([
      [undefined, 'wb summary'],
      [undefined, 'wb summary'],
    ]);
    // Never "Kept: 1 race and 0 runners".
    expect(plan.summary).toEqual({
      racesKept: 0,
      racesAdded: 1,
      racesRemoved: 1,
      runnersKept: 0,
      runnersAdded: 2,
      runnersRemoved: 2,
      laterValuesKept: 0,
      laterValuesReplaced: 0,
    });
  });

  it('another race day, or a race not in the workbook, is replaced: nothing carries over', () => {
    const plan = planMerge([race('14:10', [horse('A')])], '2026-12-02', stored, [
      { id: 70, raceId: 7, name: 'A', ...wb, bookieOddsText: '33/1', workbookValues: wb },
    ]);
    expect(plan.races[0].id).toBeUndefined();
    expect(plan.removeRaceIds).toEqual([7]);
    expect(plan.races[0].horses[0].bookieOddsText).toBe('5/1');
    expect(plan.summary).toMatchObject({ racesAdded: 1, racesRemoved: 1, runnersRemoved: 1 });
  });
});
