import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../startup-checks';

type Schema = typeof schema;
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
  /** Whether notices are being received now: a cache that relies on them must not serve while false. */
  isListening(): boolean;
  /** Called whenever notices may have been missed: the listening connection dropped, or came back. */
  onNoticesMissed(callback: () => void): void;
  ping(): Promise<void>;
  /**
   * Tries to take a PostgreSQL session advisory lock on a connection of its own, held until
   * `release()` or until that connection is lost (`lost` settles then). Null when another session
   * holds it. PGlite is one process's database: there it is always granted.
   */
  trySessionLock(key: number): Promise<SessionLock | null>;
  close(): Promise<void>;
}

export interface SessionLock {
  /** Settles when the lock is no longer held: released, or its connection gone. */
  lost: Promise<void>;
  release(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in dataDir is used. */
  url?: string;
  dataDir?: string;
  /** An already-open PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  migrate?: boolean;
}

/** An open database, and the committed migrations this opening applied (their tags, oldest first). */
type OpenedDatabase = Database & { appliedMigrations: string[] };

export async function openDatabase(opts: DatabaseOptions): Promise<OpenedDatabase> {
  const database = opts.url ? openPostgres(opts.url) : await openPglite(opts);
  const appliedMigrations = opts.migrate !== false ? await runMigrations(database) : [];
  return Object.assign(database, { appliedMigrations });
}

interface JournalEntry {
  tag: string;
  when: number;
}

function migrationJournal(): JournalEntry[] {
  return (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
}

/** The creation times (the journal's `when`) of the migrations a database has applied; none before the first. */
async function appliedWhens(execute: (query: SQL) => Promise<unknown>): Promise<Set<number>> {
  // Looked up first, never queried blindly: inside PostgreSQL's migration transaction a failed
  // statement would abort the transaction.
  const [table] = rowsOf<{ present: boolean }>(
    await execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return new Set();
  const rows = rowsOf<{ created_at: string | number }>(
    await execute(sql`select created_at from drizzle.__drizzle_migrations`),
  );
  return new Set(rows.map((r) => Number(r.created_at)));
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
  const heldLocks = new Set<number>();
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
    // In-process: notices cannot be lost.
    isListening: () => true,
    onNoticesMissed: () => undefined,
    async ping() {
      await pglite.query('select 1');
    },
    // One process owns the database: a lock is held by one holder in this process.
    trySessionLock(key) {
      if (heldLocks.has(key)) return Promise.resolve(null);
      heldLocks.add(key);
      let markLost = () => undefined as void;
      const lost = new Promise<void>((resolve) => (markLost = resolve));
      return Promise.resolve({
        lost,
        release: () => {
          heldLocks.delete(key);
          markLost();
          return Promise.resolve();
        },
      });
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

function openPostgres(url: string): Database {
  // A database that never answers fails start-up (and requests) within the timeout instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new NoticeListener(url);
  return {
    db,
    kind: 'postgres',
    listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) return Promise.reject(new Error(`bad channel name ${channel}`));
      return listener.listen(channel, onMessage);
    },
    isListening: () => listener.connected,
    onNoticesMissed: (callback) => listener.onMissed.add(callback),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    trySessionLock: (key) => postgresSessionLock(url, key),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Applies the committed migrations not yet applied; returns their tags (the start log names each). */
async function runMigrations(database: Database): Promise<string[]> {
  const newSince = (before: Set<number>) =>
    migrationJournal()
      .filter((e) => !before.has(e.when))
      .map((e) => e.tag);
  if (database.kind === 'pglite') {
    const before = await appliedWhens((q) => database.db.execute(q));
    await migratePglite(database.db as never, { migrationsFolder });
    return newSince(before);
  }
  // Several instances may start together: one migrates, the others wait on the advisory lock (and
  // then find nothing left to apply).
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(728815)`);
    const before = await appliedWhens((q) => tx.execute(q));
    await migratePg(tx as never, { migrationsFolder });
    return newSince(before);
  });
}

/** A session advisory lock on its own connection (not the pool's: a pooled session is shared). */
async function postgresSessionLock(url: string, key: number): Promise<SessionLock | null> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'vbg-lock',
    keepAlive: true,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
  });
  let markLost = () => undefined as void;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  client.on('error', () => markLost());
  client.on('end', () => markLost());
  try {
    await client.connect();
    const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [key]);
    if (rows[0]?.held) return { lost, release: () => client.end().catch(() => undefined) };
  } catch {
    // Unreachable or refused: not held, like a lock another session has; the caller tries again later.
  }
  await client.end().catch(() => undefined);
  return null;
}

/** The rows of a raw `db.execute(sql…)` result, whichever driver returned it. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** How many committed migrations the database has not applied (readiness: 0). */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = { entries: migrationJournal() };
  let applied = new Set<number>();
  try {
    const result = await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
    applied = new Set(rowsOf<{ created_at: string | number }>(result).map((r) => Number(r.created_at)));
  } catch {
    // No migrations table yet: nothing applied.
  }
  return journal.entries.filter((e) => !applied.has(e.when)).length;
}

/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * The one connection per process that LISTENs. When it drops (a database restart, a network cut,
 * an administrator ending the backend) notices sent meanwhile are lost, so it tells its
 * subscribers at once and again when it is back (both may have missed something), reconnects
 * with backoff and LISTENs on every channel again.
 */
class NoticeListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private attempt = 0;
  readonly onMissed = new Set<() => void>();

  constructor(private readonly url: string) {}

  get connected() {
    return this.client !== undefined;
  }

  async listen(channel: string, onMessage: (payload: string) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = await this.connect();
      await client.query(`LISTEN ${channel}`);
    }
    set.add(onMessage);
    return () => {
      set.delete(onMessage);
      return Promise.resolve();
    };
  }

  async close() {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'vbg-listener' });
    client.on('error', () => undefined); // until it is live, a failure surfaces as the rejection below
    client.on('notification', (n) => this.handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      if (this.closed) throw new Error('notice listener closed while connecting');
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      this.missed();
      this.reconnectLater();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    this.client = client;
    this.attempt = 0;
    return client;
  }

  private reconnectLater() {
    if (this.closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (this.closed || this.client) return;
      this.connect().then(
        () => this.missed(),
        () => this.reconnectLater(),
      );
    }, delay).unref();
  }

  private missed() {
    for (const callback of this.onMissed) callback();
  }
}
