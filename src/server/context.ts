import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './env';
import type { Database, Db } from './db/client';
import type { SharedCache } from './cache/shared-cache';
import type { SessionCache } from '#server/sessions/session-cache';

/** Time is injected so tests move the clock instead of changing code. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a use case may need. Built once in app.ts; nothing else is global. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Read cache for what changes only on admin writes, invalidated across instances. */
  cache: SharedCache;
  /** Signed-in users by session, forgotten on any change to them (sessions/session-cache.ts). */
  sessions: SessionCache;
}
