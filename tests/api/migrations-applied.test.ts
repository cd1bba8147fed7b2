import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect } from 'vitest';
import { openDatabase } from '#server/db/client';
import { itOnPglite, itOnPostgres } from '../support/databases';
import { freshPostgresDatabase } from '../support/instances';

/** Every committed migration's tag, oldest first, as drizzle-kit's journal lists them. */
const journal = (
  JSON.parse(fs.readFileSync(path.resolve('src/server/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('the migrations a start applied (named in the start log)', () => {
  itOnPglite('PGlite: every one on an empty database, none on the next start', async () => {
    const pglite = new PGlite();
    const first = await openDatabase({ pglite });
    expect(first.appliedMigrations).toEqual(journal);
    expect((await openDatabase({ pglite })).appliedMigrations).toEqual([]);
    await pglite.close();
  });

  itOnPostgres('PostgreSQL: every one on an empty database, none on the next start', async () => {
    const fresh = await freshPostgresDatabase(`vbg_migrations_${process.pid}`);
    cleanups.push(fresh.drop);
    const first = await openDatabase({ url: fresh.url });
    expect(first.appliedMigrations).toEqual(journal);
    await first.close();
    const again = await openDatabase({ url: fresh.url });
    expect(again.appliedMigrations).toEqual([]);
    await again.close();
  });
});
