import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in dataDir is used. */
  url?: string;
  dataDir?: string;
  /** An already-open PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  migrate?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url) : await openPglite(opts);
  if (opts.migrate !== false) await runMigrations(database);
  return database;
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  let client = opts.pglite;
  if (!client) {
    const dir = path.resolve(opts.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const unsub = await pglite.listen(channel, onMessage);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(p: string) => void>>();
  async function listenerClient() {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    c.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    listener = c;
    return c;
  }
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const c = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`LISTEN ${channel}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database) {
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // Several instances may start together: one migrates, the others wait on the advisory lock.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(728815)`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(tx as any, { migrationsFolder });
  });
}

/** How many committed migrations the database has not applied (readiness: 0). */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  let applied = new Set<number>();
  try {
    const result = await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { created_at: string | number }[];
    applied = new Set(rows.map((r) => Number(r.created_at)));
  } catch {
    // No migrations table yet: nothing applied.
  }
  return journal.entries.filter((e) => !applied.has(e.when)).length;
}
