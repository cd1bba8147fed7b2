/**
 * How the pages of a master preview PDF map to races (decision 0007). Pure: it sees the text of
 * each page, never the PDF, so the rules are tested without one.
 *
 * - A heading is a line that starts with a race time and a course: "14:30 Ascot", "2:10 Newton
 *   Abbot", "15.05 Bangor-on-Dee". The course is the run of capitalised words after the time; it
 *   ends at the line's end or at anything else ("14:30 Ascot – Class 2" gives "Ascot").
 * - The first heading on a page decides its race; a page without one continues the race before it.
 * - Pages with the same heading belong to one race (a running header repeated on each page).
 * - "FEATURE RACE" in capitals anywhere on a page makes that page's race a feature race.
 * - Pages before the first heading (a cover, a contents page) match no race.
 */

const FEATURE_MARKER = 'FEATURE RACE';

const COURSE_WORD = String.raw`[A-Z][A-Za-z'’]*(?:-[A-Za-z'’]+)*`;
const HEADING = new RegExp(
  String.raw`^\s*((?:[01]?\d|2[0-3])[:.][0-5]\d)\s+(${COURSE_WORD}(?: ${COURSE_WORD}){0,3})(?=$|[\s,–—:|(-])`,
);

export interface Heading {
  raceTime: string;
  course: string;
}

export interface PlannedRace extends Heading {
  isFeature: boolean;
  /** Zero-based page indexes of the master, in order. */
  pages: number[];
}

export interface SplitPlan {
  races: PlannedRace[];
  /** One-based numbers of the pages that matched no race. */
  unmatchedPages: number[];
}

/** The heading a line of text opens with, if any. */
export function headingOf(line: string): Heading | null {
  const m = HEADING.exec(line.replace(/\s+/g, ' '));
  if (!m) return null;
  return { raceTime: m[1].replace('.', ':'), course: m[2] };
}

function firstHeading(pageText: string): Heading | null {
  for (const line of pageText.split('\n')) {
    const heading = headingOf(line);
    if (heading) return heading;
  }
  return null;
}

/** Groups pages into races; `pageTexts[i]` is the text of page i with lines joined by "\n". */
export function planSplit(pageTexts: string[]): SplitPlan {
  const races: PlannedRace[] = [];
  const byKey = new Map<string, PlannedRace>();
  const unmatchedPages: number[] = [];
  let current: PlannedRace | null = null;

  pageTexts.forEach((text, index) => {
    const heading = firstHeading(text);
    if (heading) {
      const key = `${heading.raceTime} ${heading.course.toLowerCase()}`;
      let race = byKey.get(key);
      if (!race) {
        race = { ...heading, isFeature: false, pages: [] };
        byKey.set(key, race);
        races.push(race);
      }
      current = race;
    }
    if (!current) {
      unmatchedPages.push(index + 1);
      return;
    }
    current.pages.push(index);
    if (text.includes(FEATURE_MARKER)) current.isFeature = true;
  });

  return { races, unmatchedPages };
}
