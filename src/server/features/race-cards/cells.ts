/**
 * Cell values as exceljs hands them over, reduced to plain values. A formula cell is
 * `{ formula | sharedFormula, result }`: its cached result is what the analyst saw, so that is read.
 */
import { fieldOf, stringFieldOf } from '#shared/unknown-values';

export type Plain = string | number | boolean | Date | null | { error: string };

export function plainValue(value: unknown): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null; // a function or symbol is no cell value
  if ('formula' in value || 'sharedFormula' in value) return plainValue(fieldOf(value, 'result'));
  const richText = fieldOf(value, 'richText');
  if (Array.isArray(richText)) return richText.map((run) => stringFieldOf(run, 'text') ?? '').join('');
  if ('text' in value) return plainValue(value.text);
  if ('error' in value) return { error: String(value.error) };
  return null;
}

/** Column letters of a 1-based column number (1 → A, 43 → AQ). */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

function shown(value: Plain): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return value.error;
  return String(value);
}

/** Header text normalised for matching: case- and space-insensitive. */
export function headerKey(value: Plain): string {
  return shown(value).toLowerCase().replace(/\s+/g, '');
}

export class CellProblem extends Error {}

export function text(value: Plain): string {
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    throw new CellProblem(`the cell shows the error ${value.error}`);
  if (value instanceof Date) throw new CellProblem('expected text, found a date');
  return shown(value).trim();
}

/** A whole number, or null when blank or "-". */
export function integer(value: Plain, what: string): number | null {
  const n = number(value, what);
  if (n === null) return null;
  if (!Number.isInteger(n)) throw new CellProblem(`${what} must be a whole number, found ${n}`);
  if (Math.abs(n) > 1_000_000) throw new CellProblem(`${what} is out of range (${n})`);
  return n;
}

export function number(value: Plain, what: string): number | null {
  if (value === null) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CellProblem(`${what} must be a number`);
    return value;
  }
  const t = text(value);
  if (t === '' || t === '-') return null;
  if (/^[-+]?\d+(\.\d+)?$/.test(t)) return Number(t);
  throw new CellProblem(`${what} must be a number, found "${t.slice(0, 40)}"`);
}

/** A race time: "HH:MM" / "H:MM" / "H.MM" text, or an Excel time (day fraction or a time-formatted date). */
export function raceTime(value: Plain): string {
  let h: number;
  let m: number;
  if (value instanceof Date) {
    h = value.getUTCHours();
    m = value.getUTCMinutes() + (value.getUTCSeconds() >= 30 ? 1 : 0);
  } else if (typeof value === 'number') {
    if (!(value >= 0 && value < 1)) throw new CellProblem(`expected a time, found the number ${value}`);
    const minutes = Math.round(value * 1440);
    h = Math.floor(minutes / 60);
    m = minutes % 60;
  } else {
    const t = text(value);
    if (t === '') throw new CellProblem('the race time is empty');
    const match = t.match(/^(\d{1,2})[:.](\d{2})$/);
    if (!match) throw new CellProblem(`expected a time like 14:30, found "${t.slice(0, 40)}"`);
    h = Number(match[1]);
    m = Number(match[2]);
    if (h > 23 || m > 59) throw new CellProblem(`"${t}" is not a possible time`);
  }
  if (m === 60) {
    h += 1;
    m = 0;
  }
  if (h > 23) throw new CellProblem('not a possible time');
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
