import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../env';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * Links in e-mail are absolute and never built from the request's Host header (a forged Host
 * would otherwise put an attacker's address in a password-reset link): PUBLIC_URL, else the
 * local address the server listens on.
 */
export function siteBase(config: AppConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${config.PORT}`;
}

export const siteLink = (config: AppConfig, path: string) => `${siteBase(config)}${path}`;

const SIGNING_KEY_SETTING = 'mail.signingKey';

/**
 * The key that signs unsubscribe links: SESSION_SECRET when set; otherwise a random key made
 * once and kept in the settings table, so every instance (and a restart) agrees on it.
 */
export async function signingKey(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>, db: DbOrTx = ctx.db): Promise<string> {
  if (ctx.config.SESSION_SECRET) return ctx.config.SESSION_SECRET;
  await db
    .insert(settings)
    .values({ key: SIGNING_KEY_SETTING, value: crypto.randomBytes(32).toString('base64url'), updatedAt: ctx.clock.now() })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select().from(settings).where(eq(settings.key, SIGNING_KEY_SETTING));
  return String(row.value);
}

const mac = (key: string, userId: number) => crypto.createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

/** `<userId>.<HMAC>`: opens nothing but the opt-out of that one account, so it need not expire. */
export function unsubscribeToken(key: string, userId: number): string {
  return `${userId}.${mac(key, userId)}`;
}

export function verifyUnsubscribeToken(key: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null;
}

export const hashResetToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
