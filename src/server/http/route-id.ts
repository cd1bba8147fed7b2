import { badRequest, notFound } from './errors';

/** The largest id a row can have: every id column is a PostgreSQL `integer` (serial). */
const MAX_ROW_ID = 2_147_483_647;

/**
 * What a numeric id in an address names. The one rule for every route that takes one:
 * - plain decimal digits (leading zeros allowed: "007" is 7) from 1 to MAX_ROW_ID: that row's id;
 * - digits that no row can carry (0, or past the integer range, however long): 'none' — the route
 *   answers 404 as for any id it does not find, never a database error;
 * - anything else ("abc", "-1", "1e3", "1.5", "0x10", " 12", ""): 'malformed'.
 */
export function readRouteId(raw: unknown): number | 'none' | 'malformed' {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return 'malformed';
  const digits = raw.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_ROW_ID).length) return 'none';
  const id = Number(digits);
  return id >= 1 && id <= MAX_ROW_ID ? id : 'none';
}

/**
 * A route's numeric id by readRouteId's rule: malformed answers 400 with `invalid`, an id no row
 * can have answers 404 with `notFound` (the same words the use case says for a missing row).
 */
export function routeId(raw: unknown, messages: { invalid: string; notFound: string }): number {
  const id = readRouteId(raw);
  if (id === 'malformed') throw badRequest(messages.invalid);
  if (id === 'none') throw notFound(messages.notFound);
  return id;
}
