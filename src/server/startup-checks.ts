import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { codeOf, messageOf } from '../shared/unknown-values';

/**
 * What start-up can find wrong before it does any work (docs/decisions/0021), each said in one plain
 * line naming the setting and the place — never a password, never a stack trace — so whoever
 * starts the server can fix it at once. main.ts prints the message and exits 1.
 */
export class StartupError extends Error {}

/** How long start-up waits for PostgreSQL to answer before saying so (db/client.ts uses it too). */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/** Fails at once when the port is taken, before migrations run or an admin is created. */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve(); // any free port
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'EADDRINUSE'
          ? 'is already in use by another program'
          : err.code === 'EACCES'
            ? 'needs more privileges than this process has'
            : `cannot be opened (${err.code ?? err.message})`;
      reject(new StartupError(`PORT ${port} on ${host} ${why}. Stop the other program or set PORT to a free port.`));
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The embedded database's folder must be a folder this process can write, or be creatable. */
export function assertDataDirUsable(dataDir: string): void {
  const dir = path.resolve(dataDir);
  const problem = (what: string) =>
    new StartupError(
      `DATA_DIR ${dir} ${what}. Set DATA_DIR to a folder this process can write (the embedded database lives there).`,
    );
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    if (codeOf(err) !== 'ENOENT') throw problem(`cannot be read (${codeOf(err)})`);
  }
  if (stat && !stat.isDirectory()) throw problem('is a file, not a folder');
  try {
    fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw problem(`is not writable (${codeOf(err) ?? messageOf(err)})`);
  }
}

/** DATABASE_URL without its password: what a message may show. */
function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const where = `${u.hostname || 'localhost'}${u.port ? `:${u.port}` : ''}`;
    const database = u.pathname.replace(/^\//, '') || '(default)';
    return `PostgreSQL at ${where}, database "${decodeURIComponent(database)}"${u.username ? `, user "${decodeURIComponent(u.username)}"` : ''}`;
  } catch {
    return 'PostgreSQL (the address could not be read)';
  }
}

const PG_REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there (connection refused)',
  ENOTFOUND: 'the host name is not known',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the host did not answer',
  EHOSTUNREACH: 'the host cannot be reached',
  '28P01': 'the password was refused',
  '28000': 'the server refuses this user or this client address',
  '3D000': 'that database does not exist',
  '42501': 'the user may not connect to or change that database',
};

/** A failure to open PostgreSQL, as one line naming DATABASE_URL and the host. */
export function databaseStartupError(url: string, err: unknown): StartupError {
  const message = messageOf(err);
  const reason = /timeout/i.test(message)
    ? `no answer within ${DATABASE_CONNECT_TIMEOUT_MS / 1000} s`
    : (PG_REASONS[String(codeOf(err))] ?? message);
  return new StartupError(
    `Cannot use the database in DATABASE_URL (${describeDatabaseUrl(url)}): ${reason}. Check that PostgreSQL is running and DATABASE_URL is right.`,
  );
}

/** A failure to open the embedded database, naming its folder. */
export function pgliteStartupError(dataDir: string, err: unknown): StartupError {
  const dir = path.resolve(dataDir, 'pglite');
  return new StartupError(
    `Cannot open the embedded database in ${dir} (DATA_DIR): ${messageOf(err)}. It may be damaged or from another program: restore a backup (npm run restore) or point DATA_DIR at an empty folder.`,
  );
}
