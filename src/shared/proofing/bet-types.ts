/**
 * A published multiple as the record reads it: the label names one of the bets the record settles
 * (BET_TYPES in multiples.ts) and the selections are that bet's number. Any other name, or another
 * number of selections, cannot be settled at level stakes, so it is refused before publishing.
 */
import { splitMultiple } from '../tips-format';
import { BET_TYPES, betTypeOf, type BetType } from './multiples';

const BET_TYPE_NAMES = Object.values(BET_TYPES)
  .map((t) => t.label)
  .join(', ');

/** A published multiple read as its label, the bet type it names (or null) and its selections in order. */
export interface ReadMultiple {
  label: string;
  betType: BetType | null;
  legs: string[];
}

/**
 * Reads "Lucky 15: Northern Star, Harbour Light, …": the selections are separated by commas,
 * semicolons or line breaks. Null for an empty multiple.
 */
export function readMultiple(text: string | null | undefined): ReadMultiple | null {
  const parts = splitMultiple(text);
  if (!parts) return null;
  const legs = parts.description
    .split(/[,;\n]/)
    .map((leg) => leg.trim())
    .filter(Boolean);
  return { label: parts.label, betType: betTypeOf(parts.label), legs };
}

/**
 * Why a published multiple cannot be recorded, and which part is wrong: an unknown bet (`betType`)
 * or the wrong number of selections (`selections`). Null when it can be, or is empty.
 */
export function multipleProblem(
  name: string,
  text: string | null | undefined,
): { on: 'betType' | 'selections'; message: string } | null {
  const multiple = readMultiple(text);
  if (!multiple) return null;
  const { betType, label, legs } = multiple;
  if (!betType)
    return {
      on: 'betType',
      message: `${name}: “${label}” is not a bet the record can settle. Name one of: ${BET_TYPE_NAMES}.`,
    };
  const bet = BET_TYPES[betType];
  if (legs.length !== bet.legs)
    return {
      on: 'selections',
      message: `${name}: a ${bet.label} has ${bet.legs} selections, not ${legs.length} (separate them with commas).`,
    };
  return null;
}
