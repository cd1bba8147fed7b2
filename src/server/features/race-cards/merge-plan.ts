import type { MergeSummary } from '#shared/schemas/race-cards';
import type { ParsedHorse, ParsedRace } from './workbook';

/** The fields a later stage may change after stage 1: stage 3's odds and non-runners, the summary. */
const LATER_STAGE_FIELDS = ['bookieOdds', 'bookieOddsText', 'potentialNonRunner', 'summary'] as const;
type LaterField = (typeof LATER_STAGE_FIELDS)[number];
export type WorkbookValues = Pick<ParsedHorse, LaterField>;

export interface StoredRace {
  id: number;
  raceDate: string;
  time: string;
  course: string;
}
export interface StoredHorse extends WorkbookValues {
  id: number;
  raceId: number;
  name: string;
  /** Null for rows written before workbook values were kept. */
  workbookValues: WorkbookValues | null;
}

/**
 * A runner as it will be written. A new runner is its parsed row itself, without `id` or
 * `workbookValues` (its own values are the workbook's: `workbookValuesOf`): copying a whole day's
 * 9,000 new runners here held the server's thread for 20–110 ms.
 */
type HorseRow = Omit<ParsedHorse, LaterField> & WorkbookValues & { id?: number; workbookValues?: WorkbookValues };

export type { MergeSummary };

export interface MergePlan {
  /** Parsed races with the id of the stored race they continue (same day, time and course), if any. */
  races: Array<{ race: ParsedRace; id: number | undefined; horses: HorseRow[] }>;
  /** Stored races that go: not in the workbook, or of another race day. */
  removeRaceIds: number[];
  summary: MergeSummary;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const raceKey = (r: { time: string; course: string }) => `${r.time}|${norm(r.course)}`;
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * A stored race continues in the workbook only if at least one of its runners is still in it: at
 * the same time and course with a wholly different field it is another race (its verdict, odds and
 * summaries were written about other horses), so it goes and the workbook's race is new.
 */
function sharesARunner(race: ParsedRace, stored: readonly StoredHorse[]): boolean {
  const names = new Set(stored.map((h) => norm(h.name)));
  return race.horses.some((h) => names.has(norm(h.name)));
}

/**
 * Merges a parsed master workbook into a weekday's stored cards. A race of the
 * same race day, time and course with a runner in common keeps its id, and a runner of the same name in it keeps its id,
 * so a member's open race and the generator's rows survive a re-upload or a re-process. For each
 * field a later stage may change, the stored value stays unless the workbook itself now says
 * something different from what it said before. Pure: the caller reads and writes.
 */
export function planMerge(
  parsed: ParsedRace[],
  raceDate: string,
  stored: StoredRace[],
  storedHorses: StoredHorse[],
): MergePlan {
  const summary: MergeSummary = {
    racesKept: 0,
    racesAdded: 0,
    racesRemoved: 0,
    runnersKept: 0,
    runnersAdded: 0,
    runnersRemoved: 0,
    laterValuesKept: 0,
    laterValuesReplaced: 0,
  };
  const sameDay = new Map(stored.filter((r) => r.raceDate === raceDate).map((r) => [raceKey(r), r]));
  // Grouped once: a 560-race day against 9,000 stored runners would otherwise scan them all per race.
  // (Map.groupBy is not in Node 20.)
  const horsesOf = new Map<number, StoredHorse[]>();
  for (const h of storedHorses) {
    const list = horsesOf.get(h.raceId);
    if (list) list.push(h);
    else horsesOf.set(h.raceId, [h]);
  }
  const used = new Set<number>();
  const races = parsed.map((race) => {
    const match = sameDay.get(raceKey(race));
    if (!match || used.has(match.id) || !sharesARunner(race, horsesOf.get(match.id) ?? [])) {
      summary.racesAdded++;
      summary.runnersAdded += race.horses.length;
      return { race, id: undefined, horses: race.horses };
    }
    used.add(match.id);
    summary.racesKept++;
    const left = [...(horsesOf.get(match.id) ?? [])];
    const horses = race.horses.map((h): HorseRow => {
      const i = left.findIndex((s) => norm(s.name) === norm(h.name));
      if (i < 0) {
        summary.runnersAdded++;
        return h;
      }
      const [old] = left.splice(i, 1);
      summary.runnersKept++;
      const merged: HorseRow = { ...h, id: old.id, workbookValues: workbookValuesOf(h) };
      let kept = false;
      let replaced = false;
      for (const field of LATER_STAGE_FIELDS) {
        const laterStageSetIt = !same(old[field], old.workbookValues ? old.workbookValues[field] : old[field]);
        const workbookChangedIt = old.workbookValues !== null && !same(h[field], old.workbookValues[field]);
        if (workbookChangedIt) {
          replaced ||= laterStageSetIt;
        } else {
          // Rows from before workbook values were kept: the stored value may be a later stage's; keep it.
          (merged as Record<LaterField, unknown>)[field] = old[field];
          kept ||= laterStageSetIt || (old.workbookValues === null && !same(old[field], h[field]));
        }
      }
      if (kept) summary.laterValuesKept++;
      if (replaced) summary.laterValuesReplaced++;
      return merged;
    });
    summary.runnersRemoved += left.length;
    return { race, id: match.id, horses };
  });
  const removeRaceIds = stored.filter((r) => !used.has(r.id)).map((r) => r.id);
  summary.racesRemoved = removeRaceIds.length;
  summary.runnersRemoved += removeRaceIds.reduce((n, id) => n + (horsesOf.get(id)?.length ?? 0), 0);
  return { races, removeRaceIds, summary };
}

/** What the workbook itself said for the fields later stages may change. */
export function workbookValuesOf(h: WorkbookValues): WorkbookValues {
  return {
    bookieOdds: h.bookieOdds,
    bookieOddsText: h.bookieOddsText,
    potentialNonRunner: h.potentialNonRunner,
    summary: h.summary,
  };
}
