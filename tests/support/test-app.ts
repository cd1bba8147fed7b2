import fs from 'node:fs';
import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, type App } from '#server/app';
import { alertsIdle } from '#server/features/alerts/delivery-loop';
import { openDatabase, rowsOf, type Database } from '#server/db/client';
import * as schema from '#server/db/schema';
import { loadConfig, type AppConfig } from '#server/env';
import type { Clock } from '#server/context';
import type { HttpTimeouts } from '#server/http/timeouts';
import type { LogStream } from '#server/http/log';
import { TEMPLATE_PATH, workerDatabaseUrl } from './global-setup-db';
import { HttpClient } from './http-client';

/** A clock the tests move: `clock.advance(ms)` instead of waiting or changing code. */
class TestClock implements Clock {
  offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
  set(instant: Date) {
    this.offsetMs = instant.getTime() - Date.now();
  }
  reset() {
    this.offsetMs = 0;
  }
}

export interface TestApp extends App {
  baseUrl: string;
  clock: TestClock;
  database: Database;
  config: AppConfig;
  client(): HttpClient;
  /** Empties every table: each test starts from a clean database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<Database> {
  if (process.env.VBG_TEST_DB === 'postgres') {
    return openDatabase({ url: pgWorkerUrl(), migrate: false });
  }
  const dump = new Blob([fs.readFileSync(TEMPLATE_PATH)]);
  return openDatabase({ pglite: new PGlite({ loadDataDir: dump }), migrate: false });
}

/** This worker's own PostgreSQL database (made in global setup). */
export function pgWorkerUrl() {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return workerDatabaseUrl(process.env.TEST_DATABASE_URL!, worker, inject('pgDatabasePrefix'));
}

/** Every table of the app's schema (drizzle's), for tests that walk them all. */
export const schemaTables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);

const tableNames = schemaTables.map((t) => `"${getTableName(t)}"`);

/**
 * Empties every table and restarts every id, as `TRUNCATE … RESTART IDENTITY CASCADE` does, but in
 * a few milliseconds where TRUNCATE takes about ninety on PostgreSQL (it makes new files for each
 * table): one statement deletes every row with triggers and foreign-key checks off
 * (session_replication_role, a superuser's setting: the test databases' owner is one, and where
 * not, TRUNCATE it is), restarts the id sequences, and sends the one 'all' notice the truncate
 * triggers would, so every instance's session cache forgets everyone as it did.
 */
export async function resetDatabase(database: Database) {
  const restarts = await idRestartsIfSuperuser(database);
  if (!restarts) {
    await database.db.execute(sql.raw(`TRUNCATE ${tableNames.join(', ')} RESTART IDENTITY CASCADE`));
    return;
  }
  const deletes = tableNames.map((table, i) => `d${i} AS (DELETE FROM ${table})`).join(', ');
  const selected = ["pg_notify('vbg_auth', 'all')", ...restarts];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
    await tx.execute(sql.raw(`WITH ${deletes} SELECT ${selected.join(', ')}`));
  });
}

const idRestarts = new WeakMap<Database, Promise<string[] | null>>();

/**
 * A `setval(…, 1, false)` for each of the public schema's sequences (quoted by PostgreSQL), or
 * null when this connection may not turn triggers off.
 */
function idRestartsIfSuperuser(database: Database) {
  let found = idRestarts.get(database);
  if (!found) {
    found = (async () => {
      const role = await database.db.execute(sql`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`);
      if (!rowsOf<{ super: boolean }>(role)[0]?.super) return null;
      const sequences = await database.db.execute(
        sql`SELECT format('setval(%L, 1, false)', format('%I.%I', schemaname, sequencename)) AS restart
            FROM pg_sequences WHERE schemaname = 'public'`,
      );
      return rowsOf<{ restart: string }>(sequences).map((r) => r.restart);
    })();
    idRestarts.set(database, found);
  }
  return found;
}

/**
 * `webDir`: the built client to serve (the journeys and tests/api/ssr-pages.test.ts pass dist/web,
 * whose server entry renders public pages). Without it the app serves the bare shell whether or
 * not a build happens to exist, so API tests do not depend on what was built before them.
 */
/** `logStream`: the app logs there (at LOG_LEVEL, silent unless the test sets it); without it, nowhere. */
/**
 * `pglite`: an embedded database already open to use (emptied first) instead of loading the
 * template into a new one; the caller owns it, and `close` leaves it open (the journeys keep one per
 * worker, browser.ts).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    webDir?: string;
    httpTimeouts?: HttpTimeouts;
    housekeepingEveryMs?: number;
    alertSweepEveryMs?: number;
    logStream?: LogStream;
    feedPolling?: boolean;
    proofStamping?: boolean;
    pglite?: PGlite;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const database = opts.pglite ? await openDatabase({ pglite: opts.pglite, migrate: false }) : await openTestDatabase();
  await resetDatabase(database);
  const clock = new TestClock();
  const built = await buildApp({
    config,
    database,
    clock,
    logger: opts.logStream !== undefined,
    logStream: opts.logStream,
    webDir: opts.webDir ?? path.resolve('test-data/no-client'),
    httpTimeouts: opts.httpTimeouts,
    // Off unless a test asks: a pass at an unplanned moment would race tests that move the clock.
    housekeepingEveryMs: opts.housekeepingEveryMs ?? 0,
    alertSweepEveryMs: opts.alertSweepEveryMs ?? 0, // likewise: tests run sweeps themselves (runAlertSweep)
    // Off unless a test asks, for the same reason: tests run feed polls themselves (Run now).
    feedPolling: opts.feedPolling ?? false,
    // Off unless a test asks: tests run the stamper's passes themselves.
    proofStamping: opts.proofStamping ?? false,
    tissueScoringEveryMs: 0, // tests score themselves (the admin's Rescore)
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...built,
    baseUrl,
    clock,
    database,
    config,
    client: () => new HttpClient(baseUrl),
    reset: async () => {
      clock.reset();
      // The previous test's race-day change may still be being decided in the background: emptying
      // the tables under that transaction can deadlock, so it finishes first.
      await alertsIdle(built.ctx).catch(() => undefined);
      await resetDatabase(database);
      built.ctx.cache.clear(); // the tables were emptied behind the app's back
      built.ctx.sessions.clear(); // (its truncate notice would arrive too, but not before the next test starts)
    },
    close: async () => {
      await built.app.close();
      if (!opts.pglite) await database.close();
    },
  };
}
