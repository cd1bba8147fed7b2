import ExcelJS from 'exceljs';
import zlib from 'node:zlib';
import type { ParsedRace } from '../workbook';

/**
 * Realistic master workbooks (docs/master-workbook.md) made in code, so no binary is committed.
 * `makeRaceDay` builds the data; `raceDayWorkbook` writes it as .xlsx bytes with the fixed
 * columns of the spec and the other columns placed by header (shuffled on request).
 */
interface SampleHorse {
  name: string;
  number: number;
  draw: number | null;
  dslr: number;
  sire: string;
  dam: string;
  form: string;
  formHistory: string;
  jockey: string;
  jockeyClaim: number | null;
  trainer: string;
  vbRating: number;
  age: number;
  equipment: string;
  runsWins: string;
  officialRating: number | null;
  weight: string;
  summary: string;
  odds: string | number;
}

/** A race as the parser reads it back (workbook.ts), with the horses as written into the sheet. */
export type SampleRace = Omit<ParsedRace, 'horses'> & { horses: SampleHorse[] };

export interface RaceDayOptions {
  races?: number;
  runners?: number;
  seed?: number;
}

const COURSES = ['Ascot', 'Kempton', 'Newcastle', 'Lingfield', 'Wolverhampton', 'Doncaster', 'Cheltenham', 'Sandown'];
const FIRST = [
  'Golden',
  'Silent',
  'Royal',
  'Midnight',
  'Storm',
  'Lucky',
  'Brave',
  'Highland',
  'Copper',
  'Silver',
  'Misty',
  'Bold',
  'Velvet',
  'Crimson',
  'Northern',
  'Wild',
];
const SECOND = [
  'Arrow',
  'Dancer',
  'Legend',
  'Charm',
  'Harbour',
  'Spirit',
  'Echo',
  'Warrior',
  'Meadow',
  'Comet',
  'Falcon',
  'Rose',
  'Thunder',
  'Quest',
  'Gem',
  'Dream',
];
const JOCKEYS = [
  'Oisin Murphy',
  'Tom Marquand',
  'Hollie Doyle',
  'William Buick',
  'Rossa Ryan',
  'Saffie Osborne',
  'Harry Davies',
  'Billy Loughnane',
];
const TRAINERS = [
  'John Gosden',
  'Andrew Balding',
  'William Haggas',
  'Karl Burke',
  'Richard Fahey',
  'Archie Watson',
  'Ralph Beckett',
  'Mark Johnston',
];
const ODDS: Array<string | number> = [
  '11/2',
  '5/1',
  'evs',
  6.5,
  '7/2',
  '9/1',
  '14/1',
  3.25,
  '2/1',
  '16/1',
  '25/1',
  4.5,
  '10/3',
  '13/2',
  '33/1',
  8,
];
const TYPES = ['Flat Handicap', 'Hurdle', 'Chase', 'Maiden Stakes', 'Novice Stakes', 'All-Weather Handicap'];

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

export function makeRaceDay(opts: RaceDayOptions = {}): SampleRace[] {
  const raceCount = opts.races ?? 6;
  const runners = opts.runners ?? 8;
  const rand = rng(opts.seed ?? 42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const courses = COURSES.slice(0, Math.max(1, Math.min(COURSES.length, Math.ceil(raceCount / 8))));
  const races: SampleRace[] = [];
  for (let i = 0; i < raceCount; i++) {
    const course = courses[i % courses.length];
    const slot = Math.floor(i / courses.length);
    const minutes = 12 * 60 + 15 + slot * 35 + (i % courses.length) * 10;
    const time = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const cls = 1 + Math.floor(rand() * 6);
    const handicap = rand() < 0.5;
    const horses: SampleHorse[] = Array.from({ length: runners }, (_, h) => {
      const claim = rand() < 0.2 ? 3 + Math.floor(rand() * 5) : null;
      return {
        name: `${pick(FIRST)} ${pick(SECOND)} ${String.fromCharCode(65 + (h % 26))}${i}`,
        number: h + 1,
        draw: rand() < 0.9 ? 1 + Math.floor(rand() * runners) : null,
        dslr: 7 + Math.floor(rand() * 200),
        sire: `${pick(FIRST)} ${pick(SECOND)}`,
        dam: `${pick(SECOND)} ${pick(FIRST)}`,
        form: Array.from({ length: 5 }, () => pick(['1', '2', '3', '4', '5', '0', 'P', '-'])).join(''),
        formHistory: `${pick(['1', '2', '3'])}/${pick(['4', '5', '6'])} at ${course}`,
        jockey: pick(JOCKEYS),
        jockeyClaim: claim,
        trainer: pick(TRAINERS),
        vbRating: Math.round((50 + rand() * 40) * 10) / 10,
        age: 3 + Math.floor(rand() * 6),
        equipment: pick(['', 'b', 'h', 't', 'p', 'v', 'tp']),
        runsWins: `${5 + Math.floor(rand() * 20)}-${Math.floor(rand() * 5)}`,
        officialRating: handicap ? 60 + Math.floor(rand() * 40) : null,
        weight: `${8 + Math.floor(rand() * 3)}-${Math.floor(rand() * 14)}`,
        summary: `Ran well last time out over this trip; ${pick(['respected', 'each-way claims', 'needs more', 'interesting'])}.`,
        odds: ODDS[(h + i) % ODDS.length],
      };
    });
    races.push({
      time,
      course,
      title: `${pick(['Betfair', 'Sky Bet', 'William Hill', 'Coral', 'Paddy Power'])} ${pick(TYPES)} (Class ${cls})`,
      distance: pick(['5f', '6f', '7f', '1m', '1m2f', '1m4f', '2m', '2m4f', '3m']),
      raceType: pick(TYPES),
      classNumber: String(cls),
      prizeMoney: `£${(3 + Math.floor(rand() * 40)) * 1000}`,
      ageHandicapInfo: handicap ? `3yo+ 0-${60 + cls * 5}` : '2yo',
      horses,
    });
  }
  return races;
}

/** Header of every column placed by name, in the standard order. */
const HEADER_COLUMNS = [
  ['No', 'number'],
  ['Horse', 'name'],
  ['Draw', 'draw'],
  ['Age', 'age'],
  ['Weight', 'weight'],
  ['OR', 'officialRating'],
  ['Jockey', 'jockey'],
  ['Claim', 'jockeyClaim'],
  ['Trainer', 'trainer'],
  ['DSLR', 'dslr'],
  ['Sire', 'sire'],
  ['Dam', 'dam'],
  ['Form', 'form'],
  ['Form History', 'formHistory'],
  ['Equipment', 'equipment'],
  ['Runs-Wins', 'runsWins'],
  ['Distance', 'distance'],
  ['Race Type', 'raceType'],
  ['Class', 'classNumber'],
  ['Prize', 'prizeMoney'],
  ['Age/HC', 'ageHandicapInfo'],
] as const;

const FIXED: Record<string, string> = {
  B: 'Time',
  C: 'Course',
  E: 'Race Title',
  M: 'VB Rating',
  AQ: 'Summary',
  AS: 'Morning Odds',
};
const FIXED_NUMBERS = [2, 3, 5, 13, 43, 45];

export interface WorkbookOptions {
  /** Place the by-header columns in a shuffled order (seeded). */
  shuffle?: number;
  /** Write course, VB rating and odds as formulas with cached results. */
  formulas?: boolean;
  /** Write times as Excel times (day fractions formatted hh:mm) instead of text. */
  excelTimes?: boolean;
  sheetName?: string;
  /** Headers left out (e.g. 'Horse', 'Runs-Wins'). */
  omit?: string[];
  /** Header spelling changes, e.g. { 'Form History': ' FORM history ' }. */
  rename?: Record<string, string>;
  /** Raw overrides: `${row}:${column letter}` → cell value (row 2 is the first runner). */
  cells?: Record<string, ExcelJS.CellValue>;
  /** A sheet placed before the master sheet (the parser picks the one named Master). */
  extraSheetFirst?: boolean;
}

export async function raceDayWorkbook(races: SampleRace[], opts: WorkbookOptions = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'VBG test fixtures';
  if (opts.extraSheetFirst) wb.addWorksheet('Notes').getCell('A1').value = 'Read me first';
  const ws = wb.addWorksheet(opts.sheetName ?? 'Master');
  const free: number[] = [];
  for (let c = 1; free.length < HEADER_COLUMNS.length + 4; c++) if (!FIXED_NUMBERS.includes(c)) free.push(c);
  const slots = free.slice(0, HEADER_COLUMNS.length);
  if (opts.shuffle !== undefined) {
    const rand = rng(opts.shuffle);
    for (let i = slots.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [slots[i], slots[j]] = [slots[j], slots[i]];
    }
  }
  const header = ws.getRow(1);
  for (const [letter, title] of Object.entries(FIXED)) header.getCell(letter).value = title;
  const placed = HEADER_COLUMNS.map(([title, field], i) => ({ title, field, col: slots[i] })).filter(
    (p) => !opts.omit?.includes(p.title),
  );
  for (const p of placed) header.getCell(p.col).value = opts.rename?.[p.title] ?? p.title;
  // Columns the parser ignores, as real workbooks have.
  header.getCell(free[HEADER_COLUMNS.length]).value = 'AV';
  header.getCell(free[HEADER_COLUMNS.length + 1]).value = 'Notes';

  let r = 2;
  for (const race of races) {
    for (const horse of race.horses) {
      const row = ws.getRow(r);
      const [hh, mm] = race.time.split(':').map(Number);
      if (opts.excelTimes) {
        row.getCell('B').value = (hh * 60 + mm) / 1440;
        row.getCell('B').numFmt = 'hh:mm';
      } else row.getCell('B').value = race.time;
      row.getCell('C').value = opts.formulas ? { formula: `"${race.course}"`, result: race.course } : race.course;
      row.getCell('E').value = race.title;
      row.getCell('M').value = opts.formulas
        ? { formula: `${horse.vbRating}*1`, result: horse.vbRating }
        : horse.vbRating;
      row.getCell('AQ').value = horse.summary;
      row.getCell('AS').value =
        opts.formulas && typeof horse.odds === 'number'
          ? { formula: `${horse.odds}+0`, result: horse.odds }
          : horse.odds;
      const source = { ...race, ...horse } as unknown as Record<string, string | number | null>;
      for (const p of placed) row.getCell(p.col).value = source[p.field] ?? null;
      row.getCell(free[HEADER_COLUMNS.length]).value = Math.round(horse.vbRating - 60);
      r++;
    }
  }
  for (const [key, value] of Object.entries(opts.cells ?? {})) {
    const [row, letter] = key.split(':');
    ws.getRow(Number(row)).getCell(letter).value = value;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The multipart form of stage 1. */
export function masterForm(bytes: Uint8Array | null, targetTab: string | null, filename = 'master.xlsx'): FormData {
  const form = new FormData();
  if (targetTab !== null) form.append('targetTab', targetTab);
  if (bytes) form.append('masterExcel', new Blob([new Uint8Array(bytes)]), filename);
  return form;
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Declared uncompressed size when it should lie (zip bombs). */
  declaredSize?: number;
  /** Already-deflated bytes to store as-is (method 8). */
  deflated?: Buffer;
}

/** A minimal zip writer for hostile archives exceljs would never write (sizes that lie, Word parts). */
export function zipOf(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflated ?? zlib.deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
