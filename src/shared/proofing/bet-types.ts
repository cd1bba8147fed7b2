/**
 * The multiples the record can settle: each is every combination of `minFold` to `legs` of its
 * `legs` selections, one point a bet (a Lucky 15 is 4 singles, 6 doubles, 4 trebles and a
 * four-fold). A multiple published under any other name, or with another number of selections,
 * cannot be settled at level stakes, so it is refused before publishing.
 */
import { nameKey } from '../name-key';
import { splitMultiple } from '../tips-format';

export interface BetType {
  /** Stored as multiple_bets.bet_type. */
  id: string;
  /** How the record writes it. */
  label: string;
  legs: number;
  minFold: number;
  /** Other names bookmakers use for the same bet. */
  aliases?: readonly string[];
}

export const BET_TYPES: readonly BetType[] = [
  { id: 'double', label: 'Double', legs: 2, minFold: 2 },
  { id: 'treble', label: 'Treble', legs: 3, minFold: 3 },
  { id: 'fourfold', label: 'Four-fold', legs: 4, minFold: 4, aliases: ['4-fold', 'Fourfold Accumulator'] },
  { id: 'trixie', label: 'Trixie', legs: 3, minFold: 2 },
  { id: 'patent', label: 'Patent', legs: 3, minFold: 1 },
  { id: 'yankee', label: 'Yankee', legs: 4, minFold: 2 },
  { id: 'lucky15', label: 'Lucky 15', legs: 4, minFold: 1 },
  { id: 'canadian', label: 'Canadian', legs: 5, minFold: 2, aliases: ['Super Yankee'] },
  { id: 'lucky31', label: 'Lucky 31', legs: 5, minFold: 1 },
  { id: 'heinz', label: 'Heinz', legs: 6, minFold: 2 },
  { id: 'lucky63', label: 'Lucky 63', legs: 6, minFold: 1 },
];

const BY_KEY = new Map(BET_TYPES.flatMap((t) => [t.label, ...(t.aliases ?? [])].map((name) => [nameKey(name), t])));

/** The bet type a multiple's label names (case, spaces and hyphens do not count), or null. */
export function betTypeNamed(label: string): BetType | null {
  return BY_KEY.get(nameKey(label)) ?? null;
}

/** "Double, Treble, …, Lucky 63": the names the analyst may use. */
const BET_TYPE_NAMES = BET_TYPES.map((t) => t.label).join(', ');

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
  return { label: parts.label, betType: betTypeNamed(parts.label), legs };
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
  if (legs.length !== betType.legs)
    return {
      on: 'selections',
      message: `${name}: a ${betType.label} has ${betType.legs} selections, not ${legs.length} (separate them with commas).`,
    };
  return null;
}
