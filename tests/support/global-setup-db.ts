import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client';

export const TEMPLATE_PATH = path.resolve('test-data/pglite-template.tar');
export const PG_WORKER_DATABASES = 4;

/**
 * Creating a PGlite database takes seconds, loading a dump well under one: migrate one template
 * per run and let every test file load it into memory. On PostgreSQL each worker gets its own
 * database, created and migrated here.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL worker databases are `<prefix>_<worker>`. */
    pgDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.name === 'api-pg') {
    // Databases named per run, so two runs on one machine never drop each other's.
    const prefix = `vbg_t${process.pid}`;
    project.provide('pgDatabasePrefix', prefix);
    return setupPostgres(prefix);
  }
  fs.mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function setupPostgres(prefix: string) {
  const url = process.env.TEST_DATABASE_URL!;
  await withAdmin(async (admin) => {
    // Leftovers of runs that were killed before their teardown.
    const old = await admin.query(`select datname from pg_database where datname ~ '^vbg_t[0-9]+_[0-9]+$'`);
    for (const { datname } of old.rows) {
      const pid = Number(String(datname).split('_')[1].slice(1));
      if (!isAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    for (let i = 1; i <= PG_WORKER_DATABASES; i++) {
      await admin.query(`CREATE DATABASE ${prefix}_${i}`);
      const database = await openDatabase({ url: workerDatabaseUrl(url, i, prefix) });
      await database.close();
    }
  });
  return async () => {
    await withAdmin(async (admin) => {
      for (let i = 1; i <= PG_WORKER_DATABASES; i++)
        await admin.query(`DROP DATABASE IF EXISTS ${prefix}_${i} WITH (FORCE)`);
    });
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function workerDatabaseUrl(baseUrl: string, worker: number, prefix: string) {
  const u = new URL(baseUrl);
  u.pathname = `/${prefix}_${worker}`;
  return u.toString();
}
