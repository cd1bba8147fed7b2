import ExcelJS from 'exceljs';
import { parseOdds } from '#shared/odds';
import type { RaceCard, RaceCardHorse } from '#shared/schemas/race-cards';
import { HttpError } from '#server/http/errors';
import {
  CellProblem,
  columnLetter,
  columnNumber,
  headerKey,
  integer,
  number,
  plainValue,
  raceTime,
  text,
  type Plain,
} from './cells';
import { checkWorkbookZip } from './zip-guard';

/** Columns fixed by the spec and the issue (docs/master-workbook.md). */
const FIXED_COLUMNS = {
  time: columnNumber('B'),
  course: columnNumber('C'),
  title: columnNumber('E'),
  vbRating: columnNumber('M'),
  summary: columnNumber('AQ'),
  morningOdds: columnNumber('AS'),
} as const;

/** Fields found by their header (case- and space-insensitive), keyed by the normalised header. */
const HEADER_FIELDS = {
  horse: 'name',
  no: 'number',
  draw: 'draw',
  dslr: 'dslr',
  sire: 'sire',
  dam: 'dam',
  form: 'form',
  formhistory: 'formHistory',
  jockey: 'jockey',
  claim: 'jockeyClaim',
  trainer: 'trainer',
  age: 'age',
  equipment: 'equipment',
  'runs-wins': 'runsWins',
  or: 'officialRating',
  weight: 'weight',
  distance: 'distance',
  racetype: 'raceType',
  class: 'classNumber',
  prize: 'prizeMoney',
  'age/hc': 'ageHandicapInfo',
} as const;
type HeaderField = (typeof HEADER_FIELDS)[keyof typeof HEADER_FIELDS];

const LABELS: Record<string, string> = {
  time: 'time',
  course: 'course',
  title: 'race title',
  vbRating: 'VB rating',
  summary: 'horse summary',
  morningOdds: 'morning odds',
};
const NON_RUNNER = /^(nr|n\/r|non-?runner|\?)$/i;
const MAX_ERRORS = 10;

/** A runner as read from the workbook: a race card's horse before it has a row id. */
export type ParsedHorse = Omit<RaceCardHorse, 'id' | 'result' | 'priceHistory'>;

/** A race as read from the workbook: the race card's own fields, before it has a day, id or verdict. */
export type ParsedRace = Pick<
  RaceCard,
  'time' | 'course' | 'title' | 'distance' | 'raceType' | 'classNumber' | 'prizeMoney' | 'ageHandicapInfo'
> & { horses: ParsedHorse[] };

export interface WorkbookError {
  sheet: string;
  row: number | null;
  column: string | null;
  message: string;
}

/**
 * `conflicts` are rows that disagree with their race (one time and course with two titles, a horse
 * twice in one race). Stage 1 keeps the first row's values; re-processing refuses them (they need
 * the analyst's clarification).
 */
export type WorkbookResult =
  | { ok: true; sheet: string; races: ParsedRace[]; runnerCount: number; conflicts: WorkbookError[] }
  | { ok: false; errors: WorkbookError[] };

const formatWorkbookError = (e: WorkbookError) =>
  `Sheet "${e.sheet}"${e.row ? `, row ${e.row}` : ''}${e.column ? `, column ${e.column}` : ''}: ${e.message}`;

/** The first five problems for a message, then "(and N more)". */
export function describeWorkbookErrors(errors: WorkbookError[], shown = 5): string {
  const more = errors.length > shown ? ` (and ${errors.length - shown} more)` : '';
  return errors.slice(0, shown).map(formatWorkbookError).join('; ') + more;
}

/**
 * Reads a master workbook completely, in memory, without touching the database. The container is
 * checked first (zip-guard: 415 / 413 / 422 as HttpError); content problems come back as a list
 * of errors naming sheet, row and column.
 */
export async function parseMasterWorkbook(data: Buffer, filename?: string): Promise<WorkbookResult> {
  checkWorkbookZip(data, filename);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(
      422,
      'The workbook could not be read: it is damaged or not a real .xlsx/.xlsm file. Save it again from Excel and re-upload.',
    );
  }
  const sheet = workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === 'master') ?? workbook.worksheets[0];
  if (!sheet)
    return {
      ok: false,
      errors: [{ sheet: '(none)', row: null, column: null, message: 'the workbook has no worksheets' }],
    };
  const errors: WorkbookError[] = [];
  const fail = (row: number | null, col: number | null, message: string) => {
    errors.push({ sheet: sheet.name, row, column: col ? columnLetter(col) : null, message });
  };

  const fixedCols = new Set<number>(Object.values(FIXED_COLUMNS));
  const columns = new Map<HeaderField, number>();
  const header = sheet.getRow(1);
  header.eachCell({ includeEmpty: false }, (cell, col) => {
    if (fixedCols.has(col)) return;
    const field = HEADER_FIELDS[headerKey(plainValue(cell.value)) as keyof typeof HEADER_FIELDS];
    if (field && !columns.has(field)) columns.set(field, col);
  });
  if (sheet.actualRowCount <= 1) {
    fail(null, null, 'the sheet is empty: row 1 holds the headers and each following row one runner');
    return { ok: false, errors };
  }
  if (!columns.has('name')) {
    fail(1, null, 'no "Horse" header found in row 1 (see docs/master-workbook.md for the columns)');
    return { ok: false, errors };
  }

  const races = new Map<string, ParsedRace>();
  const conflicts: WorkbookError[] = [];
  let runnerCount = 0;
  for (let r = 2; r <= sheet.rowCount && errors.length < MAX_ERRORS; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const at = (col: number | undefined): Plain => (col ? plainValue(row.getCell(col).value) : null);
    // One helper per cell so each problem names its own column.
    const read = <T>(col: number | undefined, fn: (v: Plain) => T, fallback: T): T => {
      if (!col) return fallback;
      try {
        return fn(at(col));
      } catch (err) {
        if (!(err instanceof CellProblem)) throw err;
        fail(r, col, err.message);
        return fallback;
      }
    };
    const headerText = (field: HeaderField, fallback = '') =>
      read(columns.get(field), (v) => text(v) || fallback, fallback);
    const headerInt = (field: HeaderField, label: string) => read(columns.get(field), (v) => integer(v, label), null);

    const name = headerText('name');
    const rawTime = at(FIXED_COLUMNS.time);
    const rawCourse = at(FIXED_COLUMNS.course);
    if (!name && rawTime === null && rawCourse === null) continue; // a blank or note-only row
    const before = errors.length;
    if (!name) fail(r, columns.get('name')!, 'the horse name is empty');
    const time = read(FIXED_COLUMNS.time, raceTime, '');
    const course = read(FIXED_COLUMNS.course, text, '');
    if (!course && errors.length === before) fail(r, FIXED_COLUMNS.course, `the ${LABELS.course} is empty`);
    const vbRating = read(
      FIXED_COLUMNS.vbRating,
      (v) => {
        const n = number(v, 'the VB rating');
        if (n !== null && Math.abs(n) >= 10_000) throw new CellProblem(`the VB rating ${n} is out of range`);
        return n === null ? null : Math.round(n * 100) / 100;
      },
      null,
    );
    const odds = read(FIXED_COLUMNS.morningOdds, morningOdds, {
      bookieOdds: null,
      bookieOddsText: null,
      potentialNonRunner: false,
    });
    const horse: ParsedHorse = {
      position: r,
      name,
      number: headerInt('number', 'No'),
      draw: headerInt('draw', 'Draw'),
      dslr: headerInt('dslr', 'DSLR'),
      sire: headerText('sire'),
      dam: headerText('dam'),
      form: headerText('form'),
      formHistory: headerText('formHistory'),
      jockey: headerText('jockey'),
      jockeyClaim: headerInt('jockeyClaim', 'Claim'),
      trainer: headerText('trainer'),
      vbRating,
      age: headerInt('age', 'Age'),
      equipment: headerText('equipment'),
      runsWins: headerText('runsWins', '0-0'),
      officialRating: headerInt('officialRating', 'OR'),
      weight: headerText('weight'),
      summary: read(FIXED_COLUMNS.summary, text, ''),
      ...odds,
    };
    const raceFields = {
      title: read(FIXED_COLUMNS.title, text, ''),
      distance: headerText('distance'),
      raceType: headerText('raceType'),
      classNumber: headerText('classNumber'),
      prizeMoney: headerText('prizeMoney'),
      ageHandicapInfo: headerText('ageHandicapInfo'),
    };
    if (errors.length > before) continue;
    const key = `${time}|${course.toLowerCase()}`;
    let race = races.get(key);
    if (!race) {
      race = { time, course, ...raceFields, horses: [] };
      races.set(key, race);
    } else {
      // The first row of a race decides its fields; later rows only fill gaps.
      // A second title for one time and course is kept out but needs the analyst (re-processing refuses it).
      if (raceFields.title && race.title && raceFields.title !== race.title) {
        conflicts.push({
          sheet: sheet.name,
          row: r,
          column: 'E',
          message: `${time} ${course} has two race titles ("${race.title.slice(0, 60)}" and "${raceFields.title.slice(0, 60)}")`,
        });
      }
      for (const [k, v] of Object.entries(raceFields) as Array<[keyof typeof raceFields, string]>)
        if (!race[k]) race[k] = v;
    }
    if (race.horses.some((h) => h.name.toLowerCase() === name.toLowerCase())) {
      conflicts.push({
        sheet: sheet.name,
        row: r,
        column: columnLetter(columns.get('name')!),
        message: `${name} appears twice in the ${time} ${course}`,
      });
    }
    race.horses.push(horse);
    runnerCount++;
  }
  if (errors.length) return { ok: false, errors };
  if (runnerCount === 0) {
    fail(null, null, 'no runners found: every row below the headers is empty');
    return { ok: false, errors };
  }
  return { ok: true, sheet: sheet.name, races: [...races.values()], runnerCount, conflicts };
}

function morningOdds(value: Plain): Pick<ParsedHorse, 'bookieOdds' | 'bookieOddsText' | 'potentialNonRunner'> {
  if (value === null) return { bookieOdds: null, bookieOddsText: null, potentialNonRunner: false };
  if (typeof value === 'number') {
    const decimal = parseOdds(value);
    if (decimal === null) throw new CellProblem(`morning odds must be above 1 in decimal, found ${value}`);
    return { bookieOdds: Math.round(decimal * 100) / 100, bookieOddsText: String(value), potentialNonRunner: false };
  }
  const t = text(value);
  if (t === '') return { bookieOdds: null, bookieOddsText: null, potentialNonRunner: false };
  if (NON_RUNNER.test(t)) return { bookieOdds: null, bookieOddsText: t, potentialNonRunner: true };
  const decimal = parseOdds(t);
  if (decimal === null || decimal >= 100_000_000)
    throw new CellProblem(`morning odds must look like 6.5, 11/2 or evs, found "${t.slice(0, 40)}"`);
  return { bookieOdds: Math.round(decimal * 100) / 100, bookieOddsText: t, potentialNonRunner: false };
}
