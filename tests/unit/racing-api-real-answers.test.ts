import { describe, expect, it } from 'vitest';
import {
  racecardPrices,
  readRacecards,
  readResults,
  resultRaces,
  validationDetail,
} from '#server/providers/racing-data/racing-api-data';
import { realRacecardsPage, realResultsPage, realValidationError } from '../fixtures/real/racing-api';

/**
 * The Racing API reader on real answers that others captured from the live API (their source:
 * tests/fixtures/real/racing-api/README.md), not on stand-ins of our own.
 */
describe('The Racing API reader on real answers', () => {
  const at = new Date('2025-10-14T12:43:00Z');
  const leicester = () => {
    const page = readRacecards(JSON.stringify(realRacecardsPage()));
    if (typeof page === 'string') throw new Error(page);
    return racecardPrices(page, at).filter((p) => p.course === 'Leicester');
  };
  it("reads the racecards' prices: each runner's best bookmaker, never the Betfair Exchange", () => {
    const prices = leicester();
    expect(prices.map((p) => [p.horseName, p.time, p.price, p.priceText])).toEqual([
      ['Raging Raj', '13:44', 4.33, '10/3'], // the exchange: 4.5
      ['Born To Bright', '13:44', 15, '14/1'], // 16
      ['Warriors Choice', '13:44', 81, '80/1'], // 80
      ['Supreme Dancer', '13:44', 5.5, '9/2'], // 5.9
      ['Thisonesforyou', '13:44', 6.5, '11/2'], // 7.2
      ['Truly Special', '13:44', 13, '12/1'], // 16
      ['Bird Of War', '13:44', 3.5, '5/2'], // 3.95
      ['Mr Nippy', '13:44', 21, '20/1'], // 24
      ['Secret Testimony', '13:44', 71, '70/1'], // 70
      ['Gullane Girl', '13:44', 26, '25/1'], // 27
    ]);
    // Every price is a bookmaker's fraction.
    expect(prices.every((p) => /^\d+\/\d+$/.test(p.priceText))).toBe(true);
  });
  it('RACING_API_BOOKMAKER takes that bookmaker’s price; naming the exchange gives none', () => {
    const page = readRacecards(JSON.stringify(realRacecardsPage()));
    if (typeof page === 'string') throw new Error(page);
    const of = (bookmaker: string) =>
      racecardPrices(page, at, bookmaker)
        .filter((p) => p.course === 'Leicester')
        .map((p) => p.priceText)
        .slice(0, 3);
    expect(of('William Hill')).toEqual(['3/1', '14/1', '66/1']);
    expect(of('bet365')).toEqual(['11/4', '14/1', '80/1']);
    expect(of('Betfair Exchange')).toEqual([]);
  });
  it('reads the results: the named non-runner (its reason has a comma), SPs without the favourite mark, no BSP', () => {
    const page = readResults(JSON.stringify(realResultsPage()));
    if (typeof page === 'string') throw new Error(page);
    const [late, early] = resultRaces(page);
    expect(late).toMatchObject({ date: '2025-10-13', time: '20:10', course: 'Kempton (AW)', settles: true });
    expect(late.runners.filter((r) => r.finish === 'nr').map((r) => r.horseName)).toEqual(['Miss Chester']);
    expect(late.runners.slice(0, 4).map((r) => [r.horseName, r.finish, r.position, r.startingPrice])).toEqual([
      ['Veraison (IRE)', 'won', 1, '17/2'],
      ['Jet Black (GB)', 'placed', 2, '7/2'],
      ['Nanny Park (GB)', 'placed', 3, '5/1'],
      ['Pergola (IRE)', 'ran', 4, '7/2'],
    ]);
    expect(early).toMatchObject({ time: '19:40', settles: true });
    expect(early.runners.some((r) => r.finish === 'nr')).toBe(false);
    expect([...late.runners, ...early.runners].every((r) => r.bsp === null)).toBe(true);
  });
  it('names what a 422 refused, as the API words it', () => {
    expect(validationDetail(JSON.stringify(realValidationError()))).toBe('query.name: field required');
    expect(validationDetail('<html>Bad gateway</html>')).toBeNull();
    expect(validationDetail(JSON.stringify({ detail: 'Not Found' }))).toBeNull();
  });
});
