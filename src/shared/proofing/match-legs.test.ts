import { describe, expect, it } from 'vitest';
import { matchLeg, unmatchedLegText } from './match-legs';

const runner = (name: string, price = '5/1') => ({ name, bookieOddsText: price });
const cards = [
  { time: '14:10', course: 'Ascot', runners: [runner('Northern Star (IRE)'), runner('Copper Coast')] },
  { time: '15:20', course: 'Kempton', runners: [runner('Harbour Light'), runner('Copper Coast')] },
];

describe('matching a multiple’s selection to the cards', () => {
  it('finds a name however it is written, in the one race it runs in', () => {
    const leg = matchLeg(cards, 'northern star');
    expect(leg).toMatchObject({
      found: 'one',
      horse: 'northern star',
      race: { time: '14:10' },
      runner: { name: 'Northern Star (IRE)' },
    });
  });

  it('keeps the price typed with the selection', () => {
    expect(matchLeg(cards, 'Harbour Light (9/2)')).toMatchObject({
      found: 'one',
      advised: '9/2',
      race: { course: 'Kempton' },
    });
  });

  it('a name in two races needs its race; one on no card is not found', () => {
    const twice = matchLeg(cards, 'Copper Coast');
    expect(twice.found).toBe('several');
    if (twice.found !== 'one')
      expect(unmatchedLegText(twice)).toBe('Copper Coast (runs in the 14:10 Ascot and the 15:20 Kempton)');
    expect(matchLeg(cards, 'Copper Coast – 3:20 Kempton')).toMatchObject({ found: 'one', race: { time: '15:20' } });
    const none = matchLeg(cards, 'Velvet Arrow');
    expect(none.found).toBe('none');
    if (none.found !== 'one') expect(unmatchedLegText(none)).toBe("Velvet Arrow (not on today's cards)");
    // A race named that is not on the cards: not looked for elsewhere.
    expect(matchLeg(cards, 'Harbour Light – 4:00 Ascot').found).toBe('none');
  });
});
