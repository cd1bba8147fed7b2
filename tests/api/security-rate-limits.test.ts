import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, loginThrottle, users } from '#server/db/schema';
import { CHECKOUT_LIMITED_MESSAGE, RATE_LIMITS, REGISTER_LIMITED_MESSAGE } from '#server/features/auth/rate-limit';
import { ACCOUNT_LIMIT, IP_LIMIT, THROTTLED_MESSAGE } from '#server/features/auth/throttle';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, createAccount, signedIn } from '../support/users';
import { CONSENT, JOINING } from '../support/consent';

/**
 * No account probing at machine speed (decision 0019): the sign-in throttle counts an attempt
 * before the password is checked, so parallel guesses cannot slip under it; registration and
 * checkout, which answer differently for an address with an account, are limited per client
 * address and per e-mail address. All counts are in the database (shared by every instance).
 * TRUST_PROXY: the client address comes from X-Forwarded-For, so a test can be several clients.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MIN = 60_000;
const from = (address: string) => ({ 'x-forwarded-for': address });
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});
const count = async (table: typeof users | typeof checkoutSessions) => (await t.ctx.db.select().from(table)).length;

describe('the sign-in throttle is atomic', () => {
  it('40 parallel wrong passwords for one account: at most the limit are checked (401), the rest are refused (429)', async () => {
    await createAccount(t, 'member', 'target@example.com');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.client().post('/api/login', { email: 'target@example.com', password: `guess-${i}` }, from('203.0.113.5')),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: ACCOUNT_LIMIT, 429: 40 - ACCOUNT_LIMIT });
    expect(answers.find((a) => a.status === 429)!.json).toEqual({ message: THROTTLED_MESSAGE });
    // The account is locked now, even for its owner's right password from elsewhere.
    expect(
      (await t.client().post('/api/login', { email: 'target@example.com', password: PASSWORD }, from('198.51.100.1')))
        .status,
    ).toBe(429);
    t.clock.advance(16 * MIN);
    expect(
      (await t.client().post('/api/login', { email: 'target@example.com', password: PASSWORD }, from('198.51.100.1')))
        .status,
    ).toBe(200);
  });

  it('a success gives its attempt back: more sign-ins than the address limit from one address all succeed', async () => {
    await createAccount(t, 'member', 'office@example.com');
    for (let i = 0; i < IP_LIMIT + 5; i++)
      expect(
        (await t.client().post('/api/login', { email: 'office@example.com', password: PASSWORD }, from('203.0.113.77')))
          .status,
      ).toBe(200);
    expect(
      (
        await t
          .client()
          .post('/api/login', { email: 'office@example.com', password: 'wrong-pass' }, from('203.0.113.77'))
      ).status,
    ).toBe(401);
    expect(
      await t.ctx.db.select({ key: loginThrottle.key, failures: loginThrottle.failures }).from(loginThrottle),
    ).toEqual(
      expect.arrayContaining([
        { key: 'ip:203.0.113.77', failures: 1 },
        { key: 'acct:office@example.com', failures: 1 },
      ]),
    );
  }, 60_000);

  it('change-password: 40 parallel wrong current passwords check at most the limit, and the right one then waits out the lock', async () => {
    const { client } = await signedIn(t, 'member');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.post('/api/change-password', { currentPassword: `guess-${i}`, newPassword: 'taken-over' }),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 400: ACCOUNT_LIMIT, 429: 40 - ACCOUNT_LIMIT });
    expect(
      (await client.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'taken-over' })).status,
    ).toBe(429);
    t.clock.advance(16 * MIN);
    expect(
      (await client.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'changed-by-owner' }))
        .status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/login', { email: 'member@example.com', password: 'changed-by-owner' })).status,
    ).toBe(200);
  });
});

describe('registration is limited per client address and per e-mail address', () => {
  const register = (email: string, address: string) =>
    t
      .client()
      .post('/api/register', { email, password: 'secret-1', confirmPassword: 'secret-1', ...CONSENT }, from(address));

  it(`one address: ${RATE_LIMITS.register.perAddress} in 15 minutes, even all at once; others are unaffected`, async () => {
    const limit = RATE_LIMITS.register.perAddress;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => register(`new${i}@example.com`, '203.0.113.9')),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: limit, 429: 5 });
    expect(answers.find((a) => a.status === 429)!.json).toEqual({ message: REGISTER_LIMITED_MESSAGE });
    expect(await count(users)).toBe(limit); // a refused request creates nothing
    expect((await register('elsewhere@example.com', '198.51.100.2')).status).toBe(201);
    t.clock.advance(16 * MIN);
    expect((await register('later@example.com', '203.0.113.9')).status).toBe(201);
  });

  it(`one e-mail address: ${RATE_LIMITS.register.perEmail} tries in 15 minutes from any number of addresses (no probing whether it has an account)`, async () => {
    await createAccount(t, 'member', 'known@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.register.perEmail + 1; i++)
      statuses.push((await register(i % 2 ? 'KNOWN@example.com' : 'known@example.com', `192.0.2.${i + 1}`)).status);
    expect(statuses).toEqual([...Array(RATE_LIMITS.register.perEmail).fill(409), 429]);
    t.clock.advance(16 * MIN);
    expect((await register('known@example.com', '192.0.2.99')).status).toBe(409);
  });
});

describe('checkout creation is limited per client address and per e-mail address', () => {
  const checkout = (email: string, address: string) =>
    t.client().post('/api/create-checkout-session', { email, ...JOINING }, from(address));

  it(`one e-mail address: ${RATE_LIMITS.checkout.perEmail} checkouts in 15 minutes, even all at once`, async () => {
    const limit = RATE_LIMITS.checkout.perEmail;
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => checkout('buyer@example.com', `192.0.2.${i + 1}`)),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: limit, 429: 3 });
    expect(answers.find((a) => a.status === 429)!.json).toEqual({ message: CHECKOUT_LIMITED_MESSAGE });
    // A signed-in account checks out for its own address, which is counted the same way.
    const { client } = await signedIn(t, 'nonMember', 'signed@example.com');
    for (let i = 0; i < limit; i++)
      expect((await client.post('/api/create-checkout-session', JOINING, from(`198.51.100.${i + 1}`))).status).toBe(
        200,
      );
    expect((await client.post('/api/create-checkout-session', JOINING, from('198.51.100.50'))).status).toBe(429);
    t.clock.advance(16 * MIN);
    expect((await checkout('buyer@example.com', '192.0.2.1')).status).toBe(200);
  });

  it(`one address: ${RATE_LIMITS.checkout.perAddress} checkouts in 15 minutes; a refused one starts nothing; bad input is not counted`, async () => {
    const limit = RATE_LIMITS.checkout.perAddress;
    for (let i = 0; i < 3; i++) expect((await checkout('not-an-email', '203.0.113.20')).status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: limit + 4 }, (_, i) => checkout(`buyer${i}@example.com`, '203.0.113.20')),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: limit, 429: 4 });
    expect(await count(checkoutSessions)).toBe(limit);
    expect((await checkout('someone@example.com', '198.51.100.3')).status).toBe(200);
    // The counts are rows any instance reads, under their own prefixes beside the sign-in ones.
    const keys = (await t.ctx.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['co-ip:203.0.113.20', 'co-acct:buyer0@example.com']));
  });
});
