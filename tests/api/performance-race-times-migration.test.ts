import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tipRace } from '#shared/race-results';
import { tipRecords } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MIGRATIONS = path.resolve('src/server/db/migrations');

/** The migration's statement that rewrites the tip records' races, as the migrator runs it. */
function raceTimesStatement(): string {
  const file = readdirSync(MIGRATIONS).find((f) => /^0010_.*\.sql$/.test(f));
  if (!file) throw new Error('migration 0010 not found');
  const statements = readFileSync(path.join(MIGRATIONS, file), 'utf8').split('--> statement-breakpoint');
  const update = statements.find((s) => s.includes('UPDATE "tip_records"'));
  if (!update) throw new Error('no UPDATE of tip_records in migration 0010');
  return update;
}

describe('migration 0010: races of tip records as 24-hour times with the course', () => {
  it('rewrites races typed by hand as the record now stores them, and leaves anything else alone', async () => {
    // Rows as the earlier code stored them: the race text as typed, 'Daily Tips' as the location.
    const stored: Array<[string, string]> = [
      ['2:00 Ascot', 'Daily Tips'],
      ['2.10 Ascot', 'Daily Tips'],
      ['7:45pm Wolverhampton', 'Daily Tips'],
      ['12:30 Sandown', 'Daily Tips'],
      ['2:10', 'Daily Tips'],
      ['14:10', 'York'], // auto-populated: already as stored now
      ['TBC', 'Daily Tips'], // no time: left as it is
    ];
    await t.ctx.db.insert(tipRecords).values(
      stored.map(([raceTime, raceLocation], i): typeof tipRecords.$inferInsert => ({
        raceDate: '2026-07-14',
        raceTime,
        raceLocation,
        selectionName: `Horse ${i}`,
        selectionType: 'nap',
        advisedOdds: '11/2',
      })),
    );
    await t.ctx.db.execute(sql.raw(raceTimesStatement()));
    const rows = await t.ctx.db.select().from(tipRecords).orderBy(asc(tipRecords.id));
    expect(rows.map((r) => [r.raceTime, r.raceLocation])).toEqual([
      ['14:00', 'Ascot'],
      ['14:10', 'Ascot'],
      ['19:45', 'Wolverhampton'],
      ['12:30', 'Sandown'],
      ['14:10', ''],
      ['14:10', 'York'],
      ['TBC', 'Daily Tips'],
    ]);
    // The same reading as the server's for a new entry.
    for (const [i, [raceTime, raceLocation]] of stored.entries()) {
      const race = tipRace(raceTime, raceLocation);
      if (race) expect([rows[i].raceTime, rows[i].raceLocation]).toEqual([race.time, race.course]);
    }
    expect(rows.map((r) => [r.selectionName, r.advisedOdds])).toEqual(stored.map((_, i) => [`Horse ${i}`, '11/2']));
  });
});
