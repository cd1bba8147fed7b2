import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, sessions, users } from '#server/db/schema';
import { ConfigError, loadConfig, startWarnings } from '#server/env';
import { spawnInstance } from '../support/instances';
import { pgWorkerUrl, startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';

/**
 * Fail closed on configuration (DESIGN decision 13, decision 0019), and the keys derived from
 * SESSION_SECRET. See docs/security.md.
 */

const SECRET = 'a-test-session-secret-of-forty-characters';
const PG = 'postgres://vbg@db.internal:5432/vbg';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_not_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_not_real',
  STRIPE_PRICE_ID: 'price_not_real',
};
const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: PG, SESSION_SECRET: SECRET };

/** The configuration error's message, or '' when the configuration loads. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
}

describe('configuration in production on PostgreSQL', () => {
  it('refuses to start without the Stripe keys, naming each one and the way to run the local checkout instead', () => {
    const message = refusal(PRODUCTION);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) {
      expect(message).toMatch(
        new RegExp(`^  ${name}: required when DATABASE_URL is set in production \\(or set LOCAL_CHECKOUT=true`, 'm'),
      );
    }
    // One key is not enough either.
    expect(refusal({ ...PRODUCTION, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toMatch(
      /STRIPE_WEBHOOK_SECRET: required[^\n]*\n {2}STRIPE_PRICE_ID: required/,
    );
    expect(refusal({ ...PRODUCTION, ...STRIPE })).toBe('');
    expect(startWarnings(loadConfig({ ...PRODUCTION, ...STRIPE }))).toEqual([]);
  });

  it('starts on the local checkout only when LOCAL_CHECKOUT=true says so, and then warns', () => {
    expect(refusal({ ...PRODUCTION, LOCAL_CHECKOUT: 'false' })).toMatch(/STRIPE_SECRET_KEY: required/);
    const config = loadConfig({ ...PRODUCTION, LOCAL_CHECKOUT: 'true' });
    expect(config.LOCAL_CHECKOUT).toBe(true);
    expect(startWarnings(config)).toEqual([
      expect.stringMatching(
        /^LOCAL_CHECKOUT=true: the built-in local checkout takes subscriptions and nobody is charged/,
      ),
    ]);
    expect(refusal({ ...PRODUCTION, LOCAL_CHECKOUT: 'maybe' })).toMatch(/LOCAL_CHECKOUT: must be true or false/);
    // Two ways of taking payment at once is a mistake, whatever the mode.
    expect(refusal({ ...PRODUCTION, ...STRIPE, LOCAL_CHECKOUT: 'true' })).toMatch(
      /LOCAL_CHECKOUT: must not be on when STRIPE_SECRET_KEY is set/,
    );
    expect(refusal({ NODE_ENV: 'test', ...STRIPE, LOCAL_CHECKOUT: 'true' })).toMatch(/LOCAL_CHECKOUT: must not be on/);
  });

  it('on the embedded PGlite too, production needs the Stripe keys or LOCAL_CHECKOUT=true, and then warns; development and test start without Stripe', () => {
    const message = refusal({}); // npm start with nothing set: production, PGlite
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) {
      expect(message).toMatch(
        new RegExp(
          `^  ${name}: required in production, on the embedded PGlite database too \\(or set LOCAL_CHECKOUT=true`,
          'm',
        ),
      );
    }
    expect(refusal({ LOCAL_CHECKOUT: 'false' })).toMatch(/STRIPE_SECRET_KEY: required in production/);
    expect(refusal({ NODE_ENV: 'production', DATA_DIR: '/srv/vbg' })).toMatch(
      /STRIPE_SECRET_KEY: required in production/,
    );
    expect(refusal({ ...STRIPE })).toBe('');
    expect(startWarnings(loadConfig({ ...STRIPE }))).toEqual([]);
    expect(startWarnings(loadConfig({ LOCAL_CHECKOUT: 'true' }))).toEqual([
      expect.stringMatching(
        /^LOCAL_CHECKOUT=true: the built-in local checkout takes subscriptions and nobody is charged/,
      ),
    ]);
    expect(refusal({ NODE_ENV: 'development' })).toBe('');
    expect(startWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(refusal({ NODE_ENV: 'development', DATABASE_URL: PG })).toBe('');
    expect(startWarnings(loadConfig({ NODE_ENV: 'development', DATABASE_URL: PG }))).toEqual([]);
    expect(refusal({ NODE_ENV: 'test', DATABASE_URL: PG })).toBe('');
  });

  it('requires SESSION_SECRET there, and refuses one under 32 characters in every mode without printing it', () => {
    expect(refusal({ NODE_ENV: 'production', DATABASE_URL: PG, ...STRIPE })).toMatch(
      /^ {2}SESSION_SECRET: required when DATABASE_URL is set in production$/m,
    );
    const short = 'x7-short-secret-31-characters!!';
    expect(short).toHaveLength(31);
    const modes: Record<string, string>[] = [
      { ...PRODUCTION, ...STRIPE },
      { NODE_ENV: 'production', LOCAL_CHECKOUT: 'true' },
      { NODE_ENV: 'development' },
      { NODE_ENV: 'test', DATABASE_URL: PG },
    ];
    for (const env of modes) {
      const message = refusal({ ...env, SESSION_SECRET: short });
      expect(message).toMatch(/^ {2}SESSION_SECRET: must be at least 32 characters/m);
      expect(message).not.toContain(short);
      expect(message).not.toContain('x7-short');
    }
    expect(refusal({ ...PRODUCTION, ...STRIPE, SESSION_SECRET: short + 'y' })).toBe('');
  });
});

describe('the server process', () => {
  let running: ReturnType<typeof spawnInstance> | undefined;
  afterEach(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    running = undefined;
  });

  it('refuses to start in production on PostgreSQL without Stripe keys, before touching the database, without printing the secret', async () => {
    const short = 'my-short-production-secret';
    // A database nobody listens on: the refusal must come first.
    running = spawnInstance({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://vbg@127.0.0.1:9/vbg',
      SESSION_SECRET: short,
    });
    expect(await running.exited).toBe(1);
    const output = running.output();
    expect(output).toMatch(/Invalid configuration/);
    expect(output).toMatch(/SESSION_SECRET: must be at least 32 characters/);
    expect(output).toMatch(
      /STRIPE_SECRET_KEY: required when DATABASE_URL is set in production \(or set LOCAL_CHECKOUT=true/,
    );
    expect(output).not.toContain(short);
    expect(output).not.toMatch(/ECONNREFUSED|database:/);
  }, 60_000);

  it('refuses to start in production on the embedded PGlite without Stripe keys or LOCAL_CHECKOUT=true, before creating its data directory', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-no-checkout-')), 'data');
    running = spawnInstance({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    expect(await running.exited).toBe(1);
    const output = running.output();
    expect(output).toMatch(/Invalid configuration/);
    expect(output).toMatch(
      /STRIPE_SECRET_KEY: required in production, on the embedded PGlite database too \(or set LOCAL_CHECKOUT=true/,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('with LOCAL_CHECKOUT=true it starts in production and warns that nobody is charged', async () => {
    const database: Record<string, string> =
      process.env.VBG_TEST_DB === 'postgres'
        ? { DATABASE_URL: pgWorkerUrl() }
        : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-local-checkout-')) };
    running = spawnInstance(
      { NODE_ENV: 'production', SESSION_SECRET: SECRET, LOCAL_CHECKOUT: 'true', SEED_DEMO: 'false', ...database },
      80_000,
    );
    await running.ready;
    // Log lines are batched; a clean stop writes them all out.
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.output()).toMatch(
      /LOCAL_CHECKOUT=true: the built-in local checkout takes subscriptions and nobody is charged/,
    );
    expect(running.output()).not.toContain(SECRET);
  }, 90_000);
});

describe('keys derived from SESSION_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SESSION_SECRET: SECRET });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  // Computed here from the documented derivation (HKDF-SHA256, empty salt, one label per use).
  const derive = (label: string) => Buffer.from(crypto.hkdfSync('sha256', SECRET, '', label, 32));
  const hmac = (key: crypto.BinaryLike, data: string, encoding: 'hex' | 'base64url') =>
    crypto.createHmac('sha256', key).update(data).digest(encoding);
  const unsubscribe = (token: string) => t.client().post('/api/unsubscribe', { token });
  const optedOut = async (id: number) =>
    (await t.ctx.db.select({ o: users.emailOptOut }).from(users).where(eq(users.id, id)))[0].o;

  it('a session is stored as an HMAC under the session key, neither the secret nor a plain hash', async () => {
    const { client } = await signedIn(t, 'member');
    const token = client.cookies.get('vbg_session')!;
    const [row] = await t.ctx.db.select().from(sessions);
    expect(row.id).toBe(hmac(derive('vbg session ids v1'), token, 'hex'));
    expect(row.id).not.toBe(hmac(SECRET, token, 'hex'));
    expect(row.id).not.toBe(crypto.hash('sha256', token, 'hex'));
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('unsubscribe links are signed with their own key; links signed with the secret itself (old e-mails) still work; the session key opens nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await createAccount(t, 'member', 'ann@example.com');
    const bob = await createAccount(t, 'member', 'bob@example.com');
    const cat = await createAccount(t, 'member', 'cat@example.com');
    expect((await admin.post('/api/send-golf-email')).status).toBe(200);
    const [annMail] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'ann@example.com'));
    const sent = /unsubscribe\?token=([\w.-]+)/.exec(annMail.text)![1];
    expect(sent).toBe(`${ann.id}.${hmac(derive('vbg unsubscribe links v1'), `unsubscribe:${ann.id}`, 'base64url')}`);
    expect(sent).not.toBe(`${ann.id}.${hmac(SECRET, `unsubscribe:${ann.id}`, 'base64url')}`);

    // A MAC made with the session key (what a sessions-table leak would be about) is refused.
    const crossed = `${cat.id}.${hmac(derive('vbg session ids v1'), `unsubscribe:${cat.id}`, 'base64url')}`;
    expect((await unsubscribe(crossed)).status).toBe(400);
    expect(await optedOut(cat.id)).toBe(false);

    expect((await unsubscribe(sent)).status).toBe(200);
    expect(await optedOut(ann.id)).toBe(true);
    // Transition (decision 0019): the signature of links sent before the keys were derived.
    const legacy = `${bob.id}.${hmac(SECRET, `unsubscribe:${bob.id}`, 'base64url')}`;
    expect((await unsubscribe(legacy)).status).toBe(200);
    expect(await optedOut(bob.id)).toBe(true);
  });
});
