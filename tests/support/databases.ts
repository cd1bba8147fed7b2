import { describe, it } from 'vitest';

/**
 * Tests that only mean something on one of the two databases (several processes on one
 * PostgreSQL, pg_dump, row locks held by another connection; PGlite's data directory). They are
 * registered only in that database's run rather than listed as skipped in the other.
 */
const onPostgres = process.env.VBG_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const unregistered = (() => undefined) as unknown;

export const itOnPostgres = (onPostgres ? it : unregistered) as typeof it;
export const itOnPglite = (onPostgres ? unregistered : it) as typeof it;
export const describeOnPostgres = (onPostgres ? describe : unregistered) as typeof describe;
