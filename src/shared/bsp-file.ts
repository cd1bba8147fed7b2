/**
 * Betfair's daily starting-price files (promo.betfair.com/betfairsp/prices): one CSV per country,
 * market and London day, `dwbfprices{uk|ire}{win|place}{DDMMYYYY}.csv`, one row per runner:
 * EVENT_ID, MENU_HINT ("UK / Ascot 25th Nov"), EVENT_NAME ("2m Hcap Chs"), EVENT_DT
 * ("25-11-2026 14:10", UK local time), SELECTION_ID, SELECTION_NAME, WIN_LOSE (1 won the market),
 * BSP, then the traded prices and volumes (PPWAP, MORNINGWAP, PPMAX, PPMIN, IPMAX, IPMIN,
 * MORNINGTRADEDVOL, PPTRADEDVOL, IPTRADEDVOL), which VBG does not keep. Pure: no clock, no I/O.
 *
 * What the live files hold (real files in tests/fixtures/real/bsp/, README there):
 * - a file is named by the day it was written, and holds the races of the day before (the file
 *   named 03-01-2023 has the races of 02-01-2023): every row is dated by its own EVENT_DT;
 * - the rows of a race are not together, and the header's case differs between files;
 * - a runner with an empty BSP did not run (a non-runner: void, stakes returned);
 * - a BSP of 1000 is the exchange's longest price, a runner that ran with little or nothing
 *   matched at SP: it ran, and 1000 is its BSP;
 * - the oldest files (2008) pad every field with spaces, put a dashed line under the header and
 *   write WIN_LOSE as 0.000000 or 1.000000.
 */
import { isIsoDay, londonInstant } from './london-time';
import { placeTerms } from './my-bets';
import { nameKey } from './race-results';
import type { FeedBatch, FeedPrice, FeedRace } from './racing-feeds';
import { isOneOf, recordOf } from './unknown-values';

export type BspCountry = 'uk' | 'ire';
const BSP_MARKETS = ['win', 'place'] as const;
export type BspMarket = (typeof BSP_MARKETS)[number];

/** The columns VBG reads; a file without any of them is not a BSP file. */
const BSP_COLUMNS = [
  'EVENT_ID',
  'MENU_HINT',
  'EVENT_NAME',
  'EVENT_DT',
  'SELECTION_ID',
  'SELECTION_NAME',
  'WIN_LOSE',
  'BSP',
] as const;
/** More runners than a day of British and Irish racing has: anything longer is not a day's file. */
const MAX_ROWS = 20_000;
/** Problems listed in a refusal before "and N more". */
const LISTED_PROBLEMS = 5;

export interface BspRow {
  line: number;
  eventId: string;
  course: string;
  raceName: string;
  date: string; // YYYY-MM-DD, London
  time: string; // HH:MM, London
  horseName: string;
  /** WIN_LOSE 1: won the win market, or was placed in the place market. */
  winLose: boolean;
  /** Null: the BSP was empty, the runner did not run. */
  bsp: number | null;
}

/** "dwbfpricesukwin25112026.csv" for the UK win market of 2026-11-25. */
export function bspFileName(country: BspCountry, market: BspMarket, date: string): string {
  const [y, m, d] = date.split('-');
  return `dwbfprices${country}${market}${d}${m}${y}.csv`;
}

/** The market a file name says (Betfair's own names, as downloaded), or null. */
export function bspMarketOfName(name: string): BspMarket | null {
  const market = /dwbfprices(?:uk|ire)(win|place)\d{8}/i.exec(name)?.[1].toLowerCase();
  return isOneOf(BSP_MARKETS, market) ? market : null;
}

/** One CSV line's fields (double quotes may wrap a field; "" inside is a quote); null when a quote is left open. */
function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  if (quoted) return null;
  fields.push(field.trim());
  return fields;
}

/** "UK / Ascot 25th Nov" or "Kemp (AW) 5th Oct" → the course as Betfair names it ("Ascot", "Kemp"). */
export function courseOfMenuHint(menuHint: string): string {
  const place = menuHint.split('/').pop()!.trim();
  return place
    .replace(/\s+\d{1,2}(st|nd|rd|th)\s+[a-z]{3,9}\s*$/i, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
}

const EVENT_DT = /^(\d{2})-(\d{2})-(\d{4})\s+(\d{2}):(\d{2})(?::\d{2})?$/;
/** The dashed line the oldest files put under their header. */
const SEPARATOR = /^[\s,-]*-[\s,-]*$/;
/** WIN_LOSE as the files write it: 0 or 1, in the oldest files 0.000000 or 1.000000. */
const WIN_LOSE = /^([01])(?:\.0+)?$/;

/**
 * Reads a whole file. The header must name every column VBG reads (any order, any case; more
 * columns are fine); each row must have as many fields as the header, a date and time like
 * "25-11-2026 14:10" (hours 00–23, minutes 00–59), WIN_LOSE 0 or 1, a runner's name and a BSP that
 * is a decimal price above 1 (1000 included) or empty (a non-runner). Blank lines before the
 * header and a dashed line under it are skipped. Any problem refuses the whole file: `problems`
 * names the lines, numbered as in the file.
 */
export function parseBspFile(text: string): { rows: BspRow[]; problems: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const headerAt = Math.max(
    lines.findIndex((l) => l.trim() !== ''),
    0,
  );
  const header = csvFields(lines[headerAt] ?? '')?.map((h) => h.toUpperCase()) ?? [];
  const missing = BSP_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) {
    return {
      rows: [],
      problems: [
        `This is not a Betfair BSP file: its first line must name the columns ${BSP_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
      ],
    };
  }
  const firstRow = headerAt + (SEPARATOR.test(lines[headerAt + 1] ?? '') ? 2 : 1);
  if (lines.length - firstRow > MAX_ROWS)
    return {
      rows: [],
      problems: [`The file has ${lines.length - firstRow} rows; a day's BSP file has at most ${MAX_ROWS}.`],
    };
  const col = recordOf(BSP_COLUMNS, (c) => header.indexOf(c));

  const rows: BspRow[] = [];
  const problems: string[] = [];
  for (let i = firstRow; i < lines.length; i++) {
    const line = i + 1;
    const problem = (message: string) => problems.push(`Line ${line}: ${message}`);
    if (lines[i].trim() === '') {
      problem('the line is empty.');
      continue;
    }
    const f = csvFields(lines[i]);
    if (!f) {
      problem('a quote is not closed.');
      continue;
    }
    if (f.length !== header.length) {
      problem(`${f.length} fields where the header has ${header.length}.`);
      continue;
    }
    const dt = EVENT_DT.exec(f[col.EVENT_DT]);
    const date = dt ? `${dt[3]}-${dt[2]}-${dt[1]}` : '';
    if (!dt || !isIsoDay(date) || Number(dt[4]) > 23 || Number(dt[5]) > 59) {
      problem(`EVENT_DT "${f[col.EVENT_DT].slice(0, 40)}" is not a date and time like 25-11-2026 14:10.`);
      continue;
    }
    const winLose = WIN_LOSE.exec(f[col.WIN_LOSE]);
    if (!winLose) {
      problem(`WIN_LOSE "${f[col.WIN_LOSE].slice(0, 20)}" must be 1 or 0.`);
      continue;
    }
    const bspText = f[col.BSP];
    const bsp = bspText === '' ? null : Number(bspText);
    if (bsp !== null && (!/^\d+(\.\d+)?$/.test(bspText) || !Number.isFinite(bsp) || bsp <= 1)) {
      problem(`BSP "${bspText.slice(0, 20)}" is not a price (a decimal price above 1, or empty for a non-runner).`);
      continue;
    }
    // Some of Betfair's files number the runners ("3. Northern Star"): the name is what follows.
    const horseName = f[col.SELECTION_NAME].replace(/^\d+\.\s*/, '').trim();
    const course = courseOfMenuHint(f[col.MENU_HINT]);
    if (!horseName) {
      problem('SELECTION_NAME is empty.');
      continue;
    }
    if (!course) {
      problem('MENU_HINT names no course.');
      continue;
    }
    rows.push({
      line,
      eventId: f[col.EVENT_ID],
      course,
      raceName: f[col.EVENT_NAME],
      date,
      time: `${dt[4]}:${dt[5]}`,
      horseName,
      winLose: winLose[1] === '1',
      bsp,
    });
  }
  if (problems.length === 0 && rows.length === 0) problems.push('The file has no runners.');
  const listed = problems.slice(0, LISTED_PROBLEMS);
  if (problems.length > LISTED_PROBLEMS) listed.push(`… and ${problems.length - LISTED_PROBLEMS} more.`);
  return { rows: problems.length ? [] : rows, problems: listed };
}

const raceKey = (r: Pick<BspRow, 'date' | 'time' | 'course'>) => `${r.date}|${r.time}|${nameKey(r.course)}`;

function byRace(rows: readonly BspRow[]): Map<string, BspRow[]> {
  const races = new Map<string, BspRow[]>();
  for (const row of rows) {
    const list = races.get(raceKey(row)) ?? [];
    list.push(row);
    races.set(raceKey(row), list);
  }
  return races;
}

/** An empty BSP: the runner did not run (a winner always ran). */
const notARunner = (r: BspRow) => r.bsp === null && !r.winLose;

/** A BSP as written on the cards: two decimals, no trailing zeros ("11.26", "4.5", "3"). */
const bspText = (bsp: number) => String(Math.round(bsp * 100) / 100);

/**
 * What the day's win and place files say. Prices: each runner's BSP from the win file (the place
 * market's BSP is another market's price and is not kept), observed at its race's off. Results:
 * the win file's WIN_LOSE 1 won, the place file's WIN_LOSE 1 (the winner among them) were placed,
 * the rest ran unplaced, but for a runner without a BSP, which did not run (a non-runner: bets on
 * it are void). The place market does not say the order of the placed horses, so they carry no
 * position. A race settles only when the win file has its winner and the place file has
 * its market — or it had at most four runners, when no places are paid; otherwise it carries the
 * BSP and the winner only, and a note says so.
 */
export function bspBatch(win: readonly BspRow[], place: readonly BspRow[] | null): FeedBatch {
  const prices: FeedPrice[] = [];
  const results: FeedRace[] = [];
  const notes: string[] = [];
  const placeRaces = place ? byRace(place) : new Map<string, BspRow[]>();
  for (const [key, rows] of byRace(win)) {
    const { date, time, course } = rows[0];
    const observedAt = londonInstant(date, time);
    for (const r of rows)
      if (r.bsp !== null)
        prices.push({
          date,
          time,
          course,
          horseName: r.horseName,
          price: r.bsp,
          priceText: bspText(r.bsp),
          observedAt,
        });
    const placeRows = placeRaces.get(key);
    const placed = new Set((placeRows ?? []).filter((r) => r.winLose).map((r) => nameKey(r.horseName)));
    const winners = rows.filter((r) => r.winLose).length;
    const ran = rows.filter((r) => !notARunner(r));
    const winOnly = placeTerms(ran.length, false).places === 1;
    let settles = winners > 0 && (placeRows !== undefined || winOnly);
    if (winners === 0) notes.push(`${time} ${course}: the win file has no winner, so it is not settled from BSP.`);
    else if (!settles)
      notes.push(
        `${time} ${course}: no place market${place ? ' in the place file' : ' (no place file)'}, so only its winner and BSPs are known; it is not settled from BSP.`,
      );
    if (
      winners > 0 &&
      placeRows !== undefined &&
      !rows.filter((r) => r.winLose).every((r) => placed.has(nameKey(r.horseName)))
    ) {
      notes.push(
        `${time} ${course}: the winner is not among the place file's placed horses, so it is not settled from BSP.`,
      );
      settles = false;
    }
    results.push({
      date,
      time,
      course,
      settles,
      runners: rows.map((r) => ({
        horseName: r.horseName,
        finish: r.winLose ? 'won' : notARunner(r) ? 'nr' : placed.has(nameKey(r.horseName)) ? 'placed' : 'ran',
        position: r.winLose ? 1 : null,
        startingPrice: null,
        bsp: r.bsp,
      })),
    });
  }
  return { prices, results, notes };
}
