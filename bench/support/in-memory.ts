// The use cases' own context on a fresh in-memory PGlite, for the benches that time a use case
// directly (no HTTP): the same shape buildApp makes, with a silent logger and the system clock.
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { SharedCache } from '#server/cache/shared-cache';
import { openDatabase } from '#server/db/client';
import { loadConfig } from '#server/env';
import { systemClock, type AppContext } from '#server/context';
import { SessionCache } from '#server/sessions/session-cache';

export async function inMemoryContext(): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const database = await openDatabase({ pglite: new PGlite() });
  const log = pino({ level: 'silent' });
  const ctx: AppContext = {
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    database,
    db: database.db,
    clock: systemClock,
    log,
    cache: new SharedCache(database, log),
    sessions: new SessionCache(database),
  };
  return { ctx, close: () => database.close() };
}
