import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from './context';
import { settings } from './db/schema';

/**
 * One secret, a separate key per use (decision 0019). SESSION_SECRET is never used as a key
 * itself: HKDF-SHA256 derives one key per purpose from it, so what one use leaks (a sessions
 * table, an unsubscribe link) tells nothing about another's key.
 */
const KEY_PURPOSES = {
  unsubscribe: 'vbg unsubscribe links v1',
  sessions: 'vbg session ids v1',
} as const;
export type KeyPurpose = keyof typeof KEY_PURPOSES;

/** Where the secret lives when SESSION_SECRET is unset (the embedded default). */
const FALLBACK_SECRET_SETTING = 'mail.signingKey';

export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, '', KEY_PURPOSES[purpose], 32));
}

/** What the sessions table stores for a cookie token: an HMAC under the session key, never the token. */
export function sessionStorageId(sessionKey: Buffer, token: string): string {
  return crypto.createHmac('sha256', sessionKey).update(token).digest('hex');
}

type SecretSource = Pick<AppContext, 'config' | 'db' | 'clock'>;
/**
 * The fallback secret is read once per process and database: session lookups need it on every
 * cache miss and must not pay a query for it. A key changed behind a running process (a restore
 * from another site's backup) is picked up at the next start.
 */
const fallbackSecrets = new WeakMap<object, Promise<string>>();

/**
 * SESSION_SECRET when set; otherwise a random secret made once and kept in the settings table, so
 * every instance (and a restart) agrees on it. The same fallback the unsubscribe links used before
 * keys were derived, so their old signatures still verify (links.ts).
 */
export function masterSecret(ctx: SecretSource): Promise<string> {
  if (ctx.config.SESSION_SECRET) return Promise.resolve(ctx.config.SESSION_SECRET);
  let secret = fallbackSecrets.get(ctx.db);
  if (!secret) {
    secret = readFallbackSecret(ctx);
    fallbackSecrets.set(ctx.db, secret);
    secret.catch(() => fallbackSecrets.delete(ctx.db)); // a failed read is tried again next time
  }
  return secret;
}

async function readFallbackSecret(ctx: SecretSource): Promise<string> {
  await ctx.db
    .insert(settings)
    .values({
      key: FALLBACK_SECRET_SETTING,
      value: crypto.randomBytes(32).toString('base64url'),
      updatedAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, FALLBACK_SECRET_SETTING));
  return String(row.value);
}

const derived = new WeakMap<object, Map<string, Buffer>>();

/** The key for one purpose (derived once per process and secret). */
export async function keyFor(ctx: SecretSource, purpose: KeyPurpose): Promise<Buffer> {
  const secret = await masterSecret(ctx);
  let byPurpose = derived.get(ctx.config);
  if (!byPurpose) derived.set(ctx.config, (byPurpose = new Map<string, Buffer>()));
  const cacheKey = `${purpose}\0${secret}`;
  let key = byPurpose.get(cacheKey);
  if (!key) byPurpose.set(cacheKey, (key = deriveKey(secret, purpose)));
  return key;
}
