// `npm run backup [-- file]` and `npm run restore -- file --yes`: one command for both databases.
//   PostgreSQL (DATABASE_URL set): pg_dump's custom format, restored with pg_restore in one
//   transaction (--clean --if-exists), so a failed restore leaves the database as it was.
//   PGlite (DATA_DIR): PGlite's own data-directory dump (a .tar.gz); restore keeps the current
//   directory aside as pglite.before-restore-<time>. Stop the server first: PGlite is one process's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, ConfigError } from '#server/env';
import { CACHE_CHANNEL, CACHE_DROP_ALL } from '#server/cache/shared-cache';
import { AUTH_CHANNEL } from '#server/sessions/session-cache';

const PG_MAGIC = 'PGDMP';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
}

function run(cmd: string, args: string[]) {
  const found = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  if (found.status !== 0)
    fail(
      `${cmd} is not installed. On Debian: apt-get install -y postgresql-client (its major version must be at least the server's).`,
    );
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) fail(`${cmd} failed (exit ${r.status}).`);
}

/** pg_dump and pg_restore take the password from PGPASSWORD, never from a command line others can see. */
function pgArgsAndEnv(url: string) {
  const u = new URL(url);
  if (u.password) process.env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return u.toString();
}

/**
 * A backup holds members' e-mail addresses and password hashes: the file is its owner's alone
 * (0600), and so is a folder this command makes, or the default `backups/` (0700). A folder the
 * operator named and that exists already keeps its own mode. The umask covers pg_dump's file from
 * its first byte; the chmod covers a file that was there before.
 */
function backupFile(file: string | undefined, extension: string): string {
  process.umask(0o077);
  const out = path.resolve(file ?? `backups/vbg-${stamp()}.${extension}`);
  const folder = path.dirname(out);
  const made = !fs.existsSync(folder);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (made || file === undefined) fs.chmodSync(folder, 0o700);
  if (fs.existsSync(out)) fs.chmodSync(out, 0o600);
  return out;
}

async function backup(url: string | undefined, dataDir: string, file: string | undefined) {
  if (url) {
    const out = backupFile(file, 'dump');
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, pgArgsAndEnv(url)]);
    fs.chmodSync(out, 0o600);
    console.log(`Backed up PostgreSQL to ${out} (${fs.statSync(out).size} bytes).`);
    return;
  }
  const dir = path.resolve(dataDir, 'pglite');
  if (!fs.existsSync(dir)) fail(`No PGlite database in ${dir}: nothing to back up (is DATA_DIR right?).`);
  const out = backupFile(file, 'tar.gz');
  const db = new PGlite(dir);
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  fs.chmodSync(out, 0o600);
  console.log(`Backed up PGlite (${dir}) to ${out} (${fs.statSync(out).size} bytes).`);
}

async function restore(url: string | undefined, dataDir: string, file: string | undefined, confirmed: boolean) {
  if (!file) fail('Usage: npm run restore -- <backup file> --yes');
  const src = path.resolve(file);
  if (!fs.existsSync(src)) fail(`No such backup file: ${src}`);
  const head = Buffer.alloc(5);
  const fd = fs.openSync(src, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (!confirmed) fail(`Restoring replaces the current data with ${src}. Run again with --yes to go ahead.`);

  if (url) {
    if (head.toString('latin1') !== PG_MAGIC)
      fail(`${src} is not a pg_dump custom-format file (a PGlite backup cannot be restored into PostgreSQL).`);
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${pgArgsAndEnv(url)}`,
      src,
    ]);
    // Running instances drop every cache (settings and pages included) at once, not within a minute.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [CACHE_CHANNEL, CACHE_DROP_ALL]);
    await client.query('select pg_notify($1, $2)', [AUTH_CHANNEL, 'all']); // restored users and sessions replace the cached ones
    await client.end();
    console.log(`Restored PostgreSQL from ${src}.`);
    return;
  }
  if (!head.subarray(0, 2).equals(GZIP_MAGIC))
    fail(`${src} is not a PGlite backup (.tar.gz); a pg_dump file restores only into PostgreSQL.`);
  const dir = path.resolve(dataDir, 'pglite');
  const staging = `${dir}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  // Load into a new directory first: a bad file never touches the current database.
  const db = new PGlite(staging, { loadDataDir: new Blob([fs.readFileSync(src)]) });
  await db.waitReady;
  await db.query('select 1');
  await db.close();
  let keptAside = '';
  if (fs.existsSync(dir)) {
    keptAside = `${dir}.before-restore-${stamp()}`;
    fs.renameSync(dir, keptAside);
  }
  fs.renameSync(staging, dir);
  console.log(`Restored PGlite (${dir}) from ${src}.${keptAside ? ` The previous data is kept in ${keptAside}.` : ''}`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const confirmed = rest.includes('--yes');
  const file = rest.find((a) => a !== '--yes');
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig({ NODE_ENV: 'development', ...process.env }); // no SESSION_SECRET needed to copy data
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (command === 'backup') await backup(config.DATABASE_URL, config.DATA_DIR, file);
  else if (command === 'restore') await restore(config.DATABASE_URL, config.DATA_DIR, file, confirmed);
  else fail('Usage: npm run backup [-- file] | npm run restore -- <file> --yes');
}

await main();
