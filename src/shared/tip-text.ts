/**
 * Reads one published tip line ("Northern Star – 2:10 Ascot (7/1)") into its parts, for
 * auto-populating the tipping record from the day's tips (docs/decisions/0006-tipping-record.md).
 * Pure: no clock, no I/O.
 */
export interface ParsedTip {
  selectionName: string;
  /** 24-hour "HH:MM", or '' when the line has no time. */
  raceTime: string;
  /** The course as written ("Ascot"), or '' when none was found. */
  raceLocation: string;
  /** The odds as written, normalised ("7/1", "evs", "6.5"), or '' when none. */
  advisedOdds: string;
}

const SEPARATOR = /^[\s\-–—,:;@|]+|[\s\-–—,:;@|(]+$/g;
const ODDS = String.raw`(\d{1,4}\s*[/-]\s*\d{1,4}|evs|evens|even|evns|\d{1,4}\.\d{1,3})`;
/** "advised 7/1", "odds: 7/1", "@ 7/1", "at 7/1": words that may come before the odds. */
const ODDS_WORD = String.raw`(?:(?:advised|adv\.?|odds|price)\s*:?\s*)?(?:@\s*|at\s+)?`;
/** Odds at the very end, alone or in brackets, optionally after one of the words above. */
const TRAILING_ODDS = new RegExp(String.raw`(?:^|[\s(@])\(?\s*${ODDS_WORD}${ODDS}\s*\)?\s*$`, 'i');
/** Odds inside brackets anywhere ("Horse (5/1) 2:10 Ascot"). */
const BRACKETED_ODDS = new RegExp(String.raw`\(\s*${ODDS_WORD}${ODDS}\s*\)`, 'i');
const TIME = /(?:^|[\s(,\-–—])(\d{1,2})[:.](\d{2})\s*(am|pm)?(?=$|[\s),\-–—])/i;
const LABEL = /^(nap|nb|next best|longshot|long shot)\s*[:\-–—]\s*/i;

/** UK racing runs from about 11:00 to 21:45, so "2:10" is 14:10; an hour of 1 to 10 is afternoon/evening. */
export function normaliseRaceTime(hours: number, minutes: number, meridiem?: string): string | null {
  if (minutes > 59 || hours > 23) return null;
  let h = hours;
  const m = meridiem?.toLowerCase();
  if (m === 'pm' && h < 12) h += 12;
  else if (m === 'am' && h === 12) h = 0;
  else if (!m && h >= 1 && h <= 10) h += 12;
  return `${String(h).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The odds written the usual way: "7-1" → "7/1", "Evens" → "evs". */
export function normaliseOdds(text: string): string {
  const t = text.trim().toLowerCase();
  if (/^(evs|evens|even|evns)$/.test(t)) return 'evs';
  const f = t.match(/^(\d+)\s*[/-]\s*(\d+)$/);
  if (f) return `${Number(f[1])}/${Number(f[2])}`;
  return t;
}

function clean(text: string): string {
  return text.replace(SEPARATOR, '').replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Parses a tip line. Accepted shapes (odds optional everywhere, any dash or comma as separator):
 * "Horse – 2:10 Ascot (7/1)", "Horse (14:30 Ascot) 5/1", "Horse 2.10 Ascot 7/1",
 * "Horse, 2:10pm Ascot, evs", "Horse – 2:10 Ascot (advised 7/1)", "2:10 Ascot – Horse (7/1)", "NAP: Horse – 2:10 Ascot",
 * "Horse – Ascot 7/1", "Horse". Null when no horse name can be found.
 */
export function parseTipText(input: string | null | undefined): ParsedTip | null {
  let text = (input ?? '').replace(/\s+/g, ' ').trim().replace(LABEL, '');
  if (!text) return null;

  let advisedOdds = '';
  const bracketed = text.match(BRACKETED_ODDS);
  const trailing = text.match(TRAILING_ODDS);
  // A trailing "2.10" after a course would be odds; one straight after the horse is a time, so
  // trailing decimals count as odds only when a time is found elsewhere.
  if (trailing && trailing.index !== undefined) {
    const rest = text.slice(0, trailing.index);
    const decimal = /^\d+\.\d+$/.test(trailing[1]);
    if (!decimal || TIME.test(rest)) {
      advisedOdds = normaliseOdds(trailing[1]);
      text = rest;
    }
  }
  if (!advisedOdds && bracketed && bracketed.index !== undefined) {
    advisedOdds = normaliseOdds(bracketed[1]);
    text = `${text.slice(0, bracketed.index)} ${text.slice(bracketed.index + bracketed[0].length)}`;
  }

  let selectionName = '';
  let raceTime = '';
  let raceLocation = '';
  const time = text.match(TIME);
  if (time && time.index !== undefined) {
    const start = time.index + time[0].indexOf(time[1]);
    const normalised = normaliseRaceTime(Number(time[1]), Number(time[2]), time[3]);
    if (normalised) {
      raceTime = normalised;
      const before = clean(text.slice(0, start));
      const after = text.slice(time.index + time[0].length);
      if (before) {
        selectionName = before;
        raceLocation = clean(after);
      } else {
        // "2:10 Ascot – Horse": the course, a separator, then the horse.
        const parts = after
          .split(/\s[-–—]\s|,|\)/)
          .map(clean)
          .filter(Boolean);
        raceLocation = parts[0] ?? '';
        selectionName = parts.slice(1).join(' ');
      }
    }
  }
  if (!raceTime) {
    const parts = text
      .split(/\s[-–—]\s|,/)
      .map(clean)
      .filter(Boolean);
    selectionName = parts[0] ?? '';
    raceLocation = parts.slice(1).join(' ');
  }
  if (!selectionName) return null;
  return { selectionName, raceTime, raceLocation, advisedOdds };
}
