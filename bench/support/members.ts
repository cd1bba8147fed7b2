// The morning the member benches share: a database with many signed-in members (inserted in bulk:
// a thousand argon2 logins would time the password hash, not the morning), today's race cards and
// tips published through the API as the analyst would, and each member's six addresses.
import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { sessions, users } from '#server/db/schema';
import { deriveKey, sessionStorageId } from '#server/secrets';
import { makeRaceDay, masterForm, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { londonDate, weekdayOf, type Weekday } from '#shared/london-time';
import type { RaceCardsMetadata } from '#shared/schemas/race-cards';
import { BENCH_SESSION_SECRET, freshPostgresDatabase } from './harness';

export interface BenchDatabase {
  /** 'PostgreSQL' or 'PGlite', for the report. */
  kind: string;
  /** What startApp needs to use it. */
  env: Record<string, string>;
  /** Signed-in members written straight into it (never while an app holds a PGlite directory). */
  insertMembers(count: number): Promise<string[]>;
  drop(): Promise<void>;
}

/**
 * A fresh database for a bench: PostgreSQL beside `pgBase` (a new database `name`, dropped after),
 * or, without `pgBase`, a PGlite directory of its own. Its schema is migrated at once, so members
 * can be inserted before any app starts on it (PGlite is one process's at a time).
 */
export async function benchDatabase(name: string, pgBase: string | undefined): Promise<BenchDatabase> {
  if (pgBase) {
    const db = await freshPostgresDatabase(name, pgBase);
    return {
      kind: 'PostgreSQL',
      env: { DATABASE_URL: db.url },
      insertMembers: (count) => insertMembers({ url: db.url }, count),
      drop: () => db.drop(),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-bench-db-'));
  return {
    kind: 'PGlite',
    env: { DATA_DIR: dir },
    insertMembers: (count) => insertMembers({ dataDir: dir }, count),
    drop: () => {
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** Rows per INSERT: seven parameters a member, under PostgreSQL's 65,535 per statement. */
const CHUNK = 5000;

/**
 * `count` active premium members with one live session each, through the app's schema; returns
 * each member's cookie header. Session ids are stored keyed, as the app stores them (decision 0019).
 */
export async function insertMembers(where: { url?: string; dataDir?: string }, count: number): Promise<string[]> {
  const database = await openDatabase(where);
  try {
    const now = new Date();
    const end = new Date(now.getTime() + 30 * 86400_000);
    const sessionKey = deriveKey(BENCH_SESSION_SECRET, 'sessions');
    const cookies: string[] = [];
    for (let from = 0; from < count; from += CHUNK) {
      const n = Math.min(CHUNK, count - from);
      const rows = await database.db
        .insert(users)
        .values(
          Array.from({ length: n }, (_, i) => ({
            email: `member${from + i}@bench.example`,
            passwordHash: 'x',
            role: 'member',
            subscriptionStatus: 'active',
            subscriptionType: 'premium',
            subscriptionStartDate: now,
            subscriptionEndDate: end,
          })),
        )
        .returning({ id: users.id });
      const tokens = rows.map(() => crypto.randomBytes(32).toString('base64url'));
      await database.db.insert(sessions).values(
        rows.map((u, i) => ({
          id: sessionStorageId(sessionKey, tokens[i]),
          userId: u.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: end,
        })),
      );
      cookies.push(...tokens.map((token) => `vbg_session=${token}`));
    }
    await database.db.execute(sql`analyze`);
    return cookies;
  } finally {
    await database.close();
  }
}

/** Today's race cards (`races` × 14 runners) and today's tips, as the admin; returns today's race ids. */
export async function publishMorning(url: string, admin: string, races = 30): Promise<number[]> {
  const today = weekdayOf(londonDate(new Date()));
  const form = masterForm(await raceDayWorkbook(makeRaceDay({ races, runners: 14, seed: 9 })), today);
  const up = await fetch(`${url}/api/vbg-race-cards/upload-master-excel`, {
    method: 'POST',
    headers: { cookie: admin },
    body: form,
  });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
  await publishTips(url, admin);
  return raceIdsOf(url, admin, today);
}

/** The ids of a day's races, read as the members' pages read them (the race-card metadata). */
export async function raceIdsOf(url: string, cookie: string, day: Weekday): Promise<number[]> {
  const res = await fetch(`${url}/api/vbg-race-cards-metadata`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`metadata: ${res.status}`);
  const meta = (await res.json()) as RaceCardsMetadata;
  return meta[day].map((r) => r.id);
}

/** Today's tips, as the admin publishes them. */
export async function publishTips(url: string, admin: string): Promise<void> {
  const tips = {
    nap: 'Northern Star – 2:10 Ascot',
    nb: 'Harbour Light – 3:15 Haydock',
    longshot: 'Long Road – 4:00 Ascot',
    multiple1: 'Trixie: Northern Star, Harbour Light, Long Road',
    multiple2: '',
    multiple3: '',
    multiple4: '',
    dailyPreview: '<p>Good to soft.</p>',
    bannerDate: '',
    // The sample tips name horses that are not on the bench's cards: published as not proofed.
    confirmUnproofedLegs: true,
    confirmShortPrices: true,
  };
  const pub = await fetch(`${url}/api/secure-content-upload`, {
    method: 'POST',
    headers: { cookie: admin, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(tips),
  });
  if (pub.status !== 200) throw new Error(`tips: ${pub.status} ${await pub.text()}`);
}

/**
 * Member k's six addresses, one after another as the tips page and its race links fetch them:
 * `first` (the tips, as the API or as the page), the race-card metadata and four of today's races.
 */
export function morningPaths(first: string, raceIds: number[], k: number): string[] {
  return [
    first,
    '/api/vbg-race-cards-metadata',
    ...[0, 1, 2, 3].map((j) => `/api/vbg-race-cards/race/${raceIds[(k + j * 7) % raceIds.length]}`),
  ];
}

export type RecordedRoutes = Record<string, RecordedAnswer>;

/** An answer as the app put it on the wire: its body, content type and the other headers it sends on every such answer. */
interface RecordedAnswer {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

/** Headers that belong to one connection or one message, which the bare server's own HTTP stack writes. */
const PER_MESSAGE = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
]);

/**
 * The app's answer to each path (as `cookie`), to be served by a bare process as the same bytes:
 * asked as the bench's driver asks (no Accept-Encoding), so the body and headers are the driver's.
 */
export async function recordAnswers(url: string, paths: Iterable<string>, cookie: string): Promise<RecordedRoutes> {
  const routes: RecordedRoutes = {};
  for (const p of new Set(paths)) {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${url}${p}`, { headers: { cookie } }, resolve).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    if (res.statusCode !== 200) throw new Error(`${p}: ${res.statusCode}`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      if (!PER_MESSAGE.has(name) && typeof value === 'string') headers[name] = value;
    routes[p] = { body: Buffer.concat(chunks).toString('utf8'), contentType: res.headers['content-type']!, headers };
  }
  return routes;
}
