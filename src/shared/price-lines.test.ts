import { describe, expect, it } from 'vitest';
import { matchPrices, parsePriceLines } from './price-lines';

describe('parsePriceLines', () => {
  it('reads each race with its horses and prices: fractional, evens and decimal', () => {
    const { races, problems } = parsePriceLines(
      '14:10 Ascot: Northern Star 9/2, Harbour Light 8-1\n\n 2.45pm Kempton : Bold Echo evens,Wild Rose 5.5, Silver Comet 12',
    );
    expect(problems).toEqual([]);
    expect(races).toEqual([
      {
        line: 1,
        time: '14:10',
        course: 'Ascot',
        prices: [
          { name: 'Northern Star', price: 5.5, priceText: '9/2' },
          { name: 'Harbour Light', price: 9, priceText: '8/1' },
        ],
      },
      {
        line: 3,
        time: '14:45',
        course: 'Kempton',
        prices: [
          { name: 'Bold Echo', price: 2, priceText: 'evs' },
          { name: 'Wild Rose', price: 5.5, priceText: '5.5' },
          { name: 'Silver Comet', price: 12, priceText: '12' },
        ],
      },
    ]);
  });

  it('rounds a fraction to two decimal places (the stored precision), keeping the text', () => {
    expect(parsePriceLines('14:10 Ascot: A 10/3').races[0].prices[0]).toEqual({
      name: 'A',
      price: 4.33,
      priceText: '10/3',
    });
  });

  it('names every line it cannot read, and reads none of them', () => {
    const lines = [
      'Ascot Northern Star 9/2', // no time
      '14:10 Ascot:', // no prices
      '14:10 Ascot: Northern Star', // a horse without a price
      '15:10 Ascot: Northern Star 9/0', // not a price
      '16:10 York: A 2/1, a 3/1', // a horse twice
      '17:10 York: A 1001', // longer than any exchange offers
      '18:10 York: 5/1', // a price without a horse
      '14:10 ascot: C 2/1',
    ];
    const { races, problems } = parsePriceLines(['14:10 Ascot: B 2/1', ...lines].join('\n'));
    expect(races.map((r) => r.line)).toEqual([1]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'Could not read the race: write it like "14:10 Ascot: Northern Star 9/2, Harbour Light 8/1".'],
      [3, 'No prices after the course: write them like "14:10 Ascot: Northern Star 9/2, Harbour Light 8/1".'],
      [4, '"Northern Star" needs a horse and its price, like "Northern Star 9/2".'],
      [5, '"9/0" is not a price for Northern Star (like 9/2, evs or 5.5).'],
      [6, 'A horse is named twice in this race.'],
      [7, '"1001" is not a price for A (like 9/2, evs or 5.5).'],
      [8, '"5/1" needs a horse and its price, like "Northern Star 9/2".'],
      [9, '14:10 ascot is already on line 1.'],
    ]);
    expect(problems[0].text).toBe('Ascot Northern Star 9/2');
  });
});

describe('matchPrices', () => {
  const cards = [
    { time: '14:10', course: 'Ascot', runners: [{ name: 'Northern Star (IRE)' }, { name: 'Harbour Light' }] },
    { time: '14:45', course: 'Kempton', runners: [{ name: 'Bold Echo' }] },
  ];

  it("takes a price of exactly 1000, Betfair's longest, written either way, and nothing longer", () => {
    const { races, problems } = parsePriceLines('14:10 Ascot: Outsider 1000, Rank Outsider 999/1');
    expect(problems).toEqual([]);
    expect(races[0].prices).toEqual([
      { name: 'Outsider', price: 1000, priceText: '1000' },
      { name: 'Rank Outsider', price: 1000, priceText: '999/1' },
    ]);
    expect(parsePriceLines('14:10 Ascot: Outsider 1000.01').problems).toEqual([
      {
        line: 1,
        text: '14:10 Ascot: Outsider 1000.01',
        message: '"1000.01" is not a price for Outsider (like 9/2, evs or 5.5).',
      },
    ]);
    expect(parsePriceLines('14:10 Ascot: Outsider 1000/1').problems).toHaveLength(1);
  });

  it('finds each race by time and course and each horse by name, whatever the spelling', () => {
    const { matched, problems } = matchPrices(
      parsePriceLines('2:10 ASCOT: northern star 9/2, Harbour-Light 8/1').races,
      cards,
    );
    expect(problems).toEqual([]);
    expect(matched).toHaveLength(1);
    expect(matched[0].card).toBe(cards[0]);
    expect(matched[0].prices).toEqual([
      { runner: cards[0].runners[0], price: 5.5, priceText: '9/2' },
      { runner: cards[0].runners[1], price: 9, priceText: '8/1' },
    ]);
  });

  it('names every race and horse that is not on the cards', () => {
    const { matched, problems } = matchPrices(
      parsePriceLines(
        '14:10 Ascot: Nobody 2/1, Northern Star 3/1, Somebody 4/1\n15:00 York: A 2/1\n14:45 Kempton: Bold Echo 2/1',
      ).races,
      cards,
    );
    expect(matched.map((m) => m.card.course)).toEqual(['Kempton']);
    expect(problems).toEqual([
      { line: 1, text: '14:10 Ascot', message: 'Nobody is not a runner in 14:10 Ascot.' },
      { line: 1, text: '14:10 Ascot', message: 'Somebody is not a runner in 14:10 Ascot.' },
      { line: 2, text: '15:00 York', message: 'No race at 15:00 York on the cards of that day.' },
    ]);
  });
});
