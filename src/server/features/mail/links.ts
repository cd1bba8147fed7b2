import crypto from 'node:crypto';
import type { AppConfig } from '#server/env';
import type { AppContext } from '#server/context';
import { keyFor, masterSecret } from '#server/secrets';

/**
 * Links in e-mail are absolute and never built from the request's Host header (a forged Host
 * would otherwise put an attacker's address in a password-reset link): PUBLIC_URL, else the
 * local address the server listens on.
 */
function siteBase(config: AppConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${config.PORT}`;
}

export const siteLink = (config: AppConfig, path: string) => `${siteBase(config)}${path}`;

/**
 * The key that signs unsubscribe links: derived from SESSION_SECRET (or the embedded default's
 * random secret) for this purpose only (src/server/secrets.ts, decision 0019).
 */
export function signingKey(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>): Promise<Buffer> {
  return keyFor(ctx, 'unsubscribe');
}

/**
 * Links sent before the keys were derived were signed with the secret itself. They sit in
 * members' old e-mails (and mail clients' one-click unsubscribe), so they keep working: the
 * secret is still accepted as a key here, for this check only (decision 0019).
 */
export function legacySigningKey(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>): Promise<string> {
  return masterSecret(ctx);
}

const mac = (key: crypto.BinaryLike, userId: number) =>
  crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

/** `<userId>.<HMAC>`: opens nothing but the opt-out of that one account, so it need not expire. */
export function unsubscribeToken(key: crypto.BinaryLike, userId: number): string {
  return `${userId}.${mac(key, userId)}`;
}

/** The account a token opts out, when any of `keys` signed it. */
export function verifyUnsubscribeToken(keys: crypto.BinaryLike[], token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const given = Buffer.from(m[2]);
  for (const key of keys) {
    const expected = Buffer.from(mac(key, userId));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return userId;
  }
  return null;
}

export const hashResetToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
