import { describe, expect, it } from 'vitest';
import {
  feedAgrees,
  feedMayReplace,
  feedRetryDelayMs,
  isExchange,
  matchFeed,
  nonRunnerNames,
  resolveCourse,
  type FeedPrice,
  type FeedRace,
} from './racing-feeds';

describe('resolveCourse', () => {
  const courses = ['Ascot', 'Kempton', 'Southwell', 'Chelmsford', 'Newcastle', 'Newmarket'];
  it('finds the card course by name, Betfair short name or the one it starts', () => {
    expect(resolveCourse('ASCOT', courses)).toBe('Ascot');
    expect(resolveCourse('Ascot (GB)', courses)).toBe('Ascot');
    expect(resolveCourse('Kemp', courses)).toBe('Kempton');
    expect(resolveCourse('Kempton (AW)', courses)).toBe('Kempton');
    expect(resolveCourse('Sthl', courses)).toBe('Southwell');
    expect(resolveCourse('Chelmsford City', courses)).toBe('Chelmsford');
    expect(resolveCourse('Newc', courses)).toBe('Newcastle');
  });
  it('never guesses between two courses, nor from a name too short to tell', () => {
    expect(resolveCourse('New', courses)).toBeNull(); // Newcastle or Newmarket
    expect(resolveCourse('Ne', ['Newcastle'])).toBeNull();
    expect(resolveCourse('Wolv', courses)).toBeNull(); // not on the cards
    expect(resolveCourse('Chel', ['Cheltenham', 'Chelmsford'])).toBeNull();
  });
});

const CARDS = [
  {
    time: '14:10',
    course: 'Ascot',
    runners: [{ name: 'Northern Star' }, { name: 'Harbour Light' }, { name: 'Silver Comet' }, { name: 'Velvet Arrow' }],
  },
  { time: '14:45', course: 'Ascot', runners: [{ name: 'Misty Dancer' }, { name: 'Bold Echo' }] },
];
const at = new Date('2026-11-25T12:00:00Z');
const price = (time: string, course: string, horseName: string, value: number, date = '2026-11-25'): FeedPrice => ({
  date,
  time,
  course,
  horseName,
  price: value,
  priceText: String(value),
  observedAt: at,
});
const runner = (
  horseName: string,
  finish: 'won' | 'placed' | 'ran' | 'nr',
  position: number | null = null,
  bsp: number | null = null,
) => ({ horseName, finish, position, startingPrice: null, bsp });

describe('matchFeed', () => {
  it('matches prices to card runners by race and name, and lists every course, race and horse it cannot', () => {
    const { prices, problems } = matchFeed('2026-11-25', CARDS, {
      prices: [
        price('14:10', 'Ascot', 'Northern Star (IRE)', 6),
        price('14:10', 'Ascot', 'Norther Star', 6.5),
        price('15:20', 'Ascot', 'Any', 4),
        price('13:00', 'Wolverhampton', 'Somebody', 3),
        price('13:30', 'Wolverhampton', 'Somebody Else', 3),
        price('14:45', 'Ascot', 'Bold Echo', 3, '2026-11-26'), // another day: not this match's
      ],
      results: [],
    });
    expect(prices.map((p) => [p.card.time, p.runner.name, p.price.price])).toEqual([['14:10', 'Northern Star', 6]]);
    expect(problems).toEqual([
      {
        date: '2026-11-25',
        race: '14:10 Ascot',
        horse: 'Norther Star',
        message: 'Norther Star is not a runner in 14:10 Ascot on the cards.',
      },
      {
        date: '2026-11-25',
        race: '15:20 Ascot',
        horse: null,
        message: 'No race at 15:20 Ascot on the cards of 2026-11-25.',
      },
      {
        date: '2026-11-25',
        race: 'Wolverhampton',
        horse: null,
        message: 'No race cards at Wolverhampton on 2026-11-25.',
      },
    ]);
    expect(
      matchFeed('2026-11-25', [], { prices: [price('14:10', 'Ascot', 'X', 3)], results: [] }).problems[0].message,
    ).toBe('There are no race cards for 2026-11-25.');
  });

  it('gives every card runner its finish: as the feed says, or a non-runner when the feed does not name it', () => {
    const race: FeedRace = {
      date: '2026-11-25',
      time: '14:10',
      course: 'Ascot',
      settles: true,
      runners: [
        runner('Silver Comet', 'won', 1, 4),
        runner('Northern Star', 'placed', 2, 6.4),
        runner('Harbour Light', 'ran', 5),
        runner('Reserve Horse', 'nr'),
      ],
    };
    const { results, problems } = matchFeed('2026-11-25', CARDS, { prices: [], results: [race] });
    expect(problems).toEqual([]); // a non-runner not on the card (a reserve) is no problem
    expect(results[0].complete).toBe(true);
    expect(results[0].runners.map((r) => [r.runner.name, r.finish, r.position, r.bsp])).toEqual([
      ['Northern Star', 'placed', 2, 6.4],
      ['Harbour Light', 'ran', 5, null],
      ['Silver Comet', 'won', 1, 4],
      ['Velvet Arrow', 'nr', null, null],
    ]);
  });

  it('marks a race with a runner not on the card incomplete, and lists that runner', () => {
    const race: FeedRace = {
      date: '2026-11-25',
      time: '14:45',
      course: 'Ascot',
      settles: true,
      runners: [runner('Misty Dancer', 'won', 1), runner('Bold Eco', 'ran', 2)],
    };
    const { results, problems } = matchFeed('2026-11-25', CARDS, { prices: [], results: [race] });
    expect(results[0].complete).toBe(false);
    expect(problems).toEqual([
      {
        date: '2026-11-25',
        race: '14:45 Ascot',
        horse: 'Bold Eco',
        message: 'Bold Eco is not a runner in 14:45 Ascot on the cards.',
      },
    ]);
  });
});

describe('which result stands', () => {
  it("keeps the analyst's result over any feed, and a full finishing order over BSP files", () => {
    expect(feedMayReplace('manual', 'racing-api')).toBe(false);
    expect(feedMayReplace('manual', 'bsp')).toBe(false);
    expect(feedMayReplace('racing-api', 'bsp')).toBe(false);
    expect(feedMayReplace('bsp', 'racing-api')).toBe(true);
    expect(feedMayReplace('racing-api', 'racing-api')).toBe(true);
  });

  const stored = [
    { name: 'Northern Star', finish: 'won' as const, position: 1 },
    { name: 'Harbour Light', finish: 'placed' as const, position: 2 },
    { name: 'Silver Comet', finish: 'placed' as const, position: 3 },
    { name: 'Velvet Arrow', finish: 'ran' as const, position: null },
  ];
  it('a feed agrees when it has the same winner and places the placed horses where it orders them', () => {
    const feed = [
      { name: 'northern star (IRE)', finish: 'won' as const, position: 1 },
      { name: 'Harbour Light', finish: 'placed' as const, position: 2 },
      { name: 'Silver Comet', finish: 'placed' as const, position: 3 },
    ];
    expect(feedAgrees(stored, feed)).toBe(true);
    // A BSP place market has no order, and may place a fourth: still agrees.
    expect(
      feedAgrees(stored, [
        { ...feed[0] },
        { name: 'Silver Comet', finish: 'placed', position: null },
        { name: 'Velvet Arrow', finish: 'placed', position: null },
      ]),
    ).toBe(true);
  });
  it('a feed disagrees on another winner or another order of the placed', () => {
    expect(feedAgrees(stored, [{ name: 'Harbour Light', finish: 'won', position: 1 }])).toBe(false);
    expect(
      feedAgrees(stored, [
        { name: 'Northern Star', finish: 'won', position: 1 },
        { name: 'Harbour Light', finish: 'placed', position: 3 },
      ]),
    ).toBe(false);
  });
});

describe('feedRetryDelayMs', () => {
  it('doubles from twice the interval with each failure, up to an hour', () => {
    expect([1, 2, 3].map((n) => feedRetryDelayMs(300_000, n, null))).toEqual([600_000, 1_200_000, 2_400_000]);
    expect(feedRetryDelayMs(300_000, 9, null)).toBe(3_600_000);
    expect(feedRetryDelayMs(7_200_000, 3, null)).toBe(7_200_000); // never sooner than the interval itself
  });
  it('never retries before the Retry-After the feed asked for', () => {
    expect(feedRetryDelayMs(1000, 1, 120_000)).toBe(120_000);
    expect(feedRetryDelayMs(300_000, 1, 5_000)).toBe(600_000);
  });
});

describe('the odds sources that are exchanges, not bookmakers', () => {
  it('the Betfair Exchange and the other exchanges; Betfair’s sportsbook and the bookmakers are not', () => {
    for (const name of ['Betfair Exchange', 'betfair exchange', 'Betdaq', 'Matchbook', 'Smarkets'])
      expect(isExchange(name), name).toBe(true);
    for (const name of ['Bet365', 'William Hill', 'Paddy Power', 'Betfair Sportsbook', 'Spreadex', 'SportingIndex'])
      expect(isExchange(name), name).toBe(false);
  });
});

describe("the names in a results feed's non-runners note", () => {
  it('reads names, not commas: a comma inside the reason in parentheses does not split a name', () => {
    // Real notes of The Racing API: the first as reported, the others captured by others
    // (tests/fixtures/real/racing-api/README.md names the source).
    expect(nonRunnerNames('Darn Hot Time (self certificate, off feed)')).toEqual(['Darn Hot Time']);
    expect(nonRunnerNames('Miss Chester (self certificate, coughing)')).toEqual(['Miss Chester']);
    expect(
      nonRunnerNames(
        "Fletcher's Flight (self certificate, colic), Harb (unsuitable ground), Toolatetonegotiate (unsuitable ground)",
      ),
    ).toEqual(["Fletcher's Flight", 'Harb', 'Toolatetonegotiate']);
    expect(
      nonRunnerNames('Lady Margret (withdrawn; refused to enter stalls), Peace Belle (withdrawn; unruly in stalls)'),
    ).toEqual(['Lady Margret', 'Peace Belle']);
    expect(nonRunnerNames('Diamonds Diva (reserve), Great Rainbow (reserve)')).toEqual([
      'Diamonds Diva',
      'Great Rainbow',
    ]);
    expect(nonRunnerNames('Harb')).toEqual(['Harb']);
  });
  it('an empty note, or one with no name in it, names nobody', () => {
    expect(nonRunnerNames('')).toEqual([]);
    expect(nonRunnerNames(null)).toEqual([]);
    expect(nonRunnerNames('...')).toEqual([]);
    expect(nonRunnerNames(' , ')).toEqual([]);
  });
});
