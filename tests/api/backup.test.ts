import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { itOnPglite, itOnPostgres } from '../support/databases';
import { openDatabase, type Database } from '#server/db/client';
import { articles, users } from '#server/db/schema';
import { TEMPLATE_PATH } from '../support/global-setup-db';
import { freshPostgresDatabase } from '../support/instances';
import { SharedCache } from '#server/cache/shared-cache';

/** Permission bits of a file or folder, as `ls -l` reads them (0o600). */
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts) end to end: back up, change the data,
 * restore, and the original data is back. PGlite in the api project; PostgreSQL (pg_dump /
 * pg_restore) in api-pg.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  fs.rmSync(work, { recursive: true, force: true });
});

function script(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

async function seed(database: Database) {
  await database.db.insert(users).values({ email: 'kept@example.com', passwordHash: 'x', role: 'member' });
  await database.db
    .insert(articles)
    .values({ title: 'Original Title', summary: 's', content: '<p>c</p>', slug: 'original-title' });
}

async function change(database: Database) {
  await database.db.update(articles).set({ title: 'Changed After Backup' }).where(eq(articles.slug, 'original-title'));
  await database.db.delete(users).where(eq(users.email, 'kept@example.com'));
  await database.db.insert(users).values({ email: 'added-later@example.com', passwordHash: 'x', role: 'member' });
}

async function snapshot(database: Database) {
  const u = await database.db.select({ email: users.email }).from(users).orderBy(users.email);
  const a = await database.db.select({ title: articles.title }).from(articles);
  return { users: u.map((r) => r.email), articles: a.map((r) => r.title) };
}

/** Each test starts the backup script four times (tsx and PGlite or pg_dump each time): minutes on a busy machine. */
const SCRIPT_RUNS_MS = 180_000;

const original = { users: ['kept@example.com'], articles: ['Original Title'] };

describe('backup and restore', () => {
  itOnPglite(
    'PGlite: backs up the data directory, restores it, keeps the replaced one aside',
    async () => {
      const dataDir = path.join(work, 'data');
      const dir = path.join(dataDir, 'pglite');
      fs.mkdirSync(dataDir, { recursive: true });
      // A migrated database from the test template (a fresh one takes seconds to create).
      const open = async () => openDatabase({ pglite: new PGlite(dir), migrate: false });
      const first = await openDatabase({
        pglite: new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(TEMPLATE_PATH)]) }),
        migrate: false,
      });
      await seed(first);
      await first.close();

      const file = path.join(work, 'kept-here', 'vbg.tar.gz'); // a folder the command makes
      const b = script({ DATA_DIR: dataDir }, 'backup', file);
      expect(b.output).toMatch(/Backed up PGlite/);
      expect(b.status).toBe(0);
      // Members' addresses and password hashes: readable by the backup's owner alone.
      expect(modeOf(file).toString(8)).toBe('600');
      expect(modeOf(path.dirname(file)).toString(8)).toBe('700');

      let db = await open();
      await change(db);
      expect(await snapshot(db)).not.toEqual(original);
      await db.close();

      expect(script({ DATA_DIR: dataDir }, 'restore', file).output).toMatch(/--yes/); // refuses without it
      const r = script({ DATA_DIR: dataDir }, 'restore', file, '--yes');
      expect(r.output).toMatch(/Restored PGlite/);
      expect(r.status).toBe(0);
      db = await open();
      expect(await snapshot(db)).toEqual(original);
      await db.close();
      expect(fs.readdirSync(dataDir).some((d) => d.startsWith('pglite.before-restore-'))).toBe(true);

      const wrong = path.join(work, 'not-a-backup.dump');
      fs.writeFileSync(wrong, 'PGDMP-pretend');
      expect(script({ DATA_DIR: dataDir }, 'restore', wrong, '--yes')).toMatchObject({ status: 1 });
    },
    SCRIPT_RUNS_MS,
  );

  itOnPostgres(
    'PostgreSQL: pg_dump, then pg_restore in one transaction brings the data back',
    async () => {
      const fresh = await freshPostgresDatabase(`vbg_backup_${process.pid}`);
      cleanups.push(fresh.drop);
      let db = await openDatabase({ url: fresh.url });
      await seed(db);
      await db.close();

      const file = path.join(work, 'pg-kept', 'vbg.dump');
      const b = script({ DATABASE_URL: fresh.url }, 'backup', file);
      expect(b.output).toMatch(/Backed up PostgreSQL/);
      expect(b.status).toBe(0);
      expect(modeOf(file).toString(8)).toBe('600');
      expect(modeOf(path.dirname(file)).toString(8)).toBe('700');

      db = await openDatabase({ url: fresh.url, migrate: false });
      await change(db);
      await db.close();

      // A running instance's caches, settings included, hold values from before the restore.
      const running = await openDatabase({ url: fresh.url, migrate: false });
      const cache = new SharedCache(running, { warn: () => undefined });
      await cache.start();
      for (const ns of ['settings', 'articles', 'memberPages'] as const)
        await cache.get(ns, 'k', () => Promise.resolve('before'));

      const r = script({ DATABASE_URL: fresh.url }, 'restore', file, '--yes');
      expect(r.output).toMatch(/Restored PostgreSQL/);
      expect(r.status).toBe(0);
      db = await openDatabase({ url: fresh.url, migrate: false });
      expect(await snapshot(db)).toEqual(original);
      await db.close();
      for (const ns of ['settings', 'articles', 'memberPages'] as const)
        await expect.poll(() => cache.peek(ns, 'k'), { message: ns }).toBeUndefined();
      await cache.stop();
      await running.close();
    },
    SCRIPT_RUNS_MS,
  );
});
