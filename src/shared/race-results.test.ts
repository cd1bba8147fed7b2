import { describe, expect, it } from 'vitest';
import { matchResults, nameKey, parseResultLines, tipRace } from './race-results';

describe('parseResultLines', () => {
  it('reads the winner, the placed horses with prices, and the non-runners', () => {
    const { races, problems } = parseResultLines(
      '14:10 Ascot: Northern Star 5/2, Harbour Light 7/1, Silver Comet 12/1; NR: Velvet Arrow\n\n 2.45 Kempton : Bold Echo evens F, Wild Rose 3.5 ; NR: A, B',
    );
    expect(problems).toEqual([]);
    expect(races).toEqual([
      {
        line: 1,
        time: '14:10',
        course: 'Ascot',
        finishers: [
          { name: 'Northern Star', startingPrice: '5/2' },
          { name: 'Harbour Light', startingPrice: '7/1' },
          { name: 'Silver Comet', startingPrice: '12/1' },
        ],
        nonRunners: ['Velvet Arrow'],
      },
      {
        line: 3,
        time: '14:45',
        course: 'Kempton',
        finishers: [
          { name: 'Bold Echo', startingPrice: 'evs' },
          { name: 'Wild Rose', startingPrice: '3.5' },
        ],
        nonRunners: ['A', 'B'],
      },
    ]);
  });

  it('takes a horse without a price', () => {
    expect(parseResultLines('14:10 Ascot: Northern Star').races[0].finishers).toEqual([
      { name: 'Northern Star', startingPrice: null },
    ]);
  });

  it('names every line it cannot read', () => {
    const lines = [
      'Ascot Northern Star 5/2',
      '14:10 Ascot:',
      '14:10 Ascot: A 5/0',
      '15:10 Ascot: A 2/1; B',
      '16:10 York: A, a',
      '25:10 York: A',
      '14:10 ascot: C',
    ];
    const { races, problems } = parseResultLines(lines.join('\n'));
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, expect.stringContaining('Could not read the race')],
      [2, 'No winner: the winner comes first after the course and a colon.'],
      [3, '"5/0" is not a starting price (like 5/2, evs or 3.5).'],
      [4, 'After ";" only non-runners may follow, as "NR: Horse, Horse".'],
      [5, 'A horse is named twice in this race.'],
      [6, expect.stringContaining('Could not read the race')],
    ]);
    // The lines that failed are not "already entered": line 7 reads.
    expect(races.map((r) => r.line)).toEqual([7]);
  });

  it('refuses the same race twice', () => {
    const { problems } = parseResultLines('14:10 Ascot: A\n2:10 ASCOT: B');
    expect(problems).toEqual([{ line: 2, text: '2:10 ASCOT: B', message: '14:10 ASCOT is already on line 1.' }]);
  });
});

describe('nameKey', () => {
  it('ignores case, spaces, punctuation, accents and a country suffix', () => {
    expect(nameKey("O'Reilly's  Gem (IRE)")).toBe(nameKey('oreillys gem'));
    expect(nameKey('Café Royal')).toBe(nameKey('CAFE-ROYAL'));
    expect(nameKey('Northern Star')).not.toBe(nameKey('Northern Stars'));
  });
});

describe('matchResults', () => {
  const cards = [
    {
      time: '14:10',
      course: 'Ascot',
      runners: [
        { name: 'Northern Star (IRE)' },
        { name: 'Harbour Light' },
        { name: 'Silver Comet' },
        { name: 'Velvet Arrow' },
        { name: 'Misty Dream' },
      ],
    },
  ];

  it('gives every runner of the card its finish', () => {
    const { races } = parseResultLines('14:10 ascot: northern star 5/2, Harbour-Light 7/1; NR: velvet arrow');
    const { matched, problems } = matchResults(races, cards);
    expect(problems).toEqual([]);
    expect(matched[0].runners.map((r) => [r.runner.name, r.finish, r.position, r.startingPrice])).toEqual([
      ['Northern Star (IRE)', 'won', 1, '5/2'],
      ['Harbour Light', 'placed', 2, '7/1'],
      ['Silver Comet', 'ran', null, null],
      ['Velvet Arrow', 'nr', null, null],
      ['Misty Dream', 'ran', null, null],
    ]);
  });

  it('names unknown races and horses', () => {
    const { races } = parseResultLines('14:10 Ascot: Northern Starr, Harbour Light; NR: Nobody\n15:10 Ascot: X');
    const { matched, problems } = matchResults(races, cards);
    expect(matched).toEqual([]);
    expect(problems.map((p) => p.message)).toEqual([
      'Northern Starr is not a runner in 14:10 Ascot.',
      'Nobody is not a runner in 14:10 Ascot.',
      'No race at 15:10 Ascot on the cards of that day.',
    ]);
  });
});

describe('tipRace', () => {
  it('reads an auto-populated tip and a manual entry', () => {
    expect(tipRace('14:10', 'Ascot')).toEqual({ time: '14:10', course: 'Ascot' });
    expect(tipRace('2:10 Ascot', 'Daily Tips')).toEqual({ time: '14:10', course: 'Ascot' });
    expect(tipRace('Ascot', 'Daily Tips')).toBeNull();
  });
});
