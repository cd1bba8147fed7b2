import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './http';
import { chosenPrice, racecardPrices, readRacecards, readResults, resultRaces } from './racing-api-data';

/** Shaped as the documented RacecardsOddsPage example (a summer day: off_dt carries +01:00). */
const RACECARDS = {
  racecards: [
    {
      race_id: 'rac_10880272',
      course: 'Brighton',
      course_id: 'crs_182',
      date: '2023-05-02',
      off_time: '1:50',
      off_dt: '2023-05-02T13:50:00+01:00',
      race_name: 'At The Races App Form Study Apprentice Handicap',
      region: 'GB',
      is_abandoned: false,
      runners: [
        {
          horse_id: 'hrs_18092480',
          horse: 'Pistoletto (USA)',
          number: '1',
          odds: [
            {
              bookmaker: 'Bet365',
              fractional: '8',
              decimal: '9',
              ew_places: '3',
              ew_denom: '5',
              updated: '2023-05-02 12:36:43',
            },
            {
              bookmaker: 'Paddy Power',
              fractional: '15/2',
              decimal: '8.5',
              ew_places: '3',
              ew_denom: '5',
              updated: '2023-05-02 12:36:43',
            },
          ],
        },
        { horse_id: 'hrs_1', horse: 'No Price Yet', number: '2', odds: [] },
      ],
    },
    {
      course: 'Hexham',
      date: '2023-05-02',
      off_time: '2:05',
      off_dt: null,
      is_abandoned: true,
      runners: [{ horse: 'Gone', odds: [{ bookmaker: 'Bet365', fractional: '2/1', decimal: '3' }] }],
    },
  ],
  total: 2,
  limit: 500,
  skip: 0,
  query: [],
};

/** Shaped as the documented Result example, with a `bsp` that the published schema does not have (it is not read). */
const RESULTS = {
  results: [
    {
      race_id: 'rac_11715730',
      date: '2025-08-11',
      region: 'IRE',
      course: 'Ballinrobe (IRE)',
      off: '8:25',
      off_dt: '2025-08-11T20:25:00+01:00',
      race_name: 'J.J. Burke Peugeot Handicap Hurdle',
      non_runners: 'Diamonds Diva (reserve), Great Rainbow (reserve)',
      runners: [
        { horse: 'Mephisto (IRE)', position: '1', sp: '15/2', sp_dec: '8.50', bsp: '11.26', btn: '0' },
        { horse: 'Second Home', position: '2', sp: '5/2F', sp_dec: '3.50', bsp: '3.4' },
        { horse: 'Third Time', position: '3', sp: 'Evens', sp_dec: '2.00', bsp: '' },
        { horse: 'Fourth Wall', position: '4', sp: '10/1', sp_dec: '11.00', bsp: '14' },
        { horse: 'Fifth Gear', position: '5', sp: '12/1', sp_dec: '13.00', bsp: '18' },
        { horse: 'Pulled Up', position: 'PU', sp: '33/1', sp_dec: '34.00', bsp: '60' },
        { horse: 'Also Ran', position: '6', sp: '20/1', sp_dec: '21.00', bsp: '30' },
        { horse: 'Seventh Son', position: '7', sp: '25/1', sp_dec: '26.00', bsp: '40' },
      ],
    },
  ],
  total: 1,
  limit: 100,
  skip: 0,
  query: [],
};

describe('The Racing API racecards', () => {
  it('give each runner its best price, timed by off_dt in London, and skip abandoned races and runners without odds', () => {
    const page = readRacecards(JSON.stringify(RACECARDS));
    if (typeof page === 'string') throw new Error(page);
    const at = new Date('2023-05-02T11:00:00Z');
    expect(racecardPrices(page, at)).toEqual([
      {
        date: '2023-05-02',
        time: '13:50',
        course: 'Brighton',
        horseName: 'Pistoletto (USA)',
        price: 9,
        priceText: '8/1', // Bet365 writes "8" for 8/1
        observedAt: at,
      },
    ]);
    expect(racecardPrices(page, at, 'paddy power')[0]).toMatchObject({ price: 8.5, priceText: '15/2' });
    expect(racecardPrices(page, at, 'Coral')).toEqual([]);
  });
  it('read "1:50" as the afternoon when off_dt is missing', () => {
    const page = readRacecards(JSON.stringify({ racecards: [{ ...RACECARDS.racecards[0], off_dt: null }] }));
    if (typeof page === 'string') throw new Error(page);
    expect(racecardPrices(page, new Date())[0]).toMatchObject({ date: '2023-05-02', time: '13:50' });
  });
  it('the best price is the longest, written as its fraction', () => {
    expect(
      chosenPrice([
        { bookmaker: 'A', fractional: '5/2', decimal: '3.5' },
        { bookmaker: 'B', fractional: '11/4', decimal: '3.75' },
        { bookmaker: 'C', fractional: 'SP', decimal: 'SP' },
      ]),
    ).toEqual({ price: 3.75, priceText: '11/4' });
    expect(chosenPrice([{ bookmaker: 'A', fractional: 'Evens', decimal: '2.0' }])).toEqual({
      price: 2,
      priceText: 'evs',
    });
  });
  it('say what is wrong with an answer of another shape', () => {
    expect(readRacecards('<html>Bad gateway</html>')).toBe('The Racing API racecards did not answer JSON.');
    expect(readRacecards(JSON.stringify({ racecards: [{ course: 'Ascot' }] }))).toMatch(
      /^The Racing API racecards answered in an unexpected shape \(racecards\.0\.date: /,
    );
  });
});

describe('The Racing API results', () => {
  it('record the winner, the placed within UK place terms, the rest as ran, with SPs (never a BSP) and the listed non-runners', () => {
    const page = readResults(JSON.stringify(RESULTS));
    if (typeof page === 'string') throw new Error(page);
    const [race] = resultRaces(page);
    expect(race).toMatchObject({ date: '2025-08-11', time: '20:25', course: 'Ballinrobe (IRE)', settles: true });
    // 8 ran in a handicap: three places.
    expect(race.runners.map((r) => [r.horseName, r.finish, r.position, r.startingPrice, r.bsp])).toEqual([
      ['Mephisto (IRE)', 'won', 1, '15/2', null],
      ['Second Home', 'placed', 2, '5/2', null],
      ['Third Time', 'placed', 3, 'evs', null],
      ['Fourth Wall', 'ran', 4, '10/1', null],
      ['Fifth Gear', 'ran', 5, '12/1', null],
      ['Pulled Up', 'ran', null, '33/1', null],
      ['Also Ran', 'ran', 6, '20/1', null],
      ['Seventh Son', 'ran', 7, '25/1', null],
      ['Diamonds Diva', 'nr', null, null, null],
      ['Great Rainbow', 'nr', null, null, null],
    ]);
  });
  it('do not settle a result without a winner, and accept a page of none', () => {
    const page = readResults(
      JSON.stringify({
        ...RESULTS,
        results: [{ ...RESULTS.results[0], runners: [{ horse: 'A', position: '', sp: '', sp_dec: '', bsp: '' }] }],
      }),
    );
    if (typeof page === 'string') throw new Error(page);
    expect(resultRaces(page)[0].settles).toBe(false);
    const none = readResults(JSON.stringify({ results: null, total: 0, limit: 100, skip: 0, query: [] }));
    expect(typeof none !== 'string' && resultRaces(none)).toEqual([]);
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-11-25T14:00:00Z');
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 14:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
