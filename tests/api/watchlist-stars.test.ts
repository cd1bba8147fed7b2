import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, watchlist } from '#server/db/schema';
import type { MyDataExport } from '#shared/schemas/account';
import { WATCHLIST_CAP, type WatchlistResponse } from '#shared/schemas/watchlist';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';

/**
 * Starring horses: POST /api/watchlist (idempotent by nameKey, capped, names checked), DELETE
 * /api/watchlist/:id (own rows only), the list in GET /api/my-data, and erasure with the account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-25T09:00:00Z'));
});

const LIST = '/api/watchlist';
/** The test clock runs on from where it was set as real time passes: a time to the minute. */
const at = (minute: string) => expect.stringMatching(new RegExp(`^${minute}:`));
const names = async (client: Awaited<ReturnType<typeof signedIn>>['client']) =>
  ((await client.get(LIST)).json as WatchlistResponse).horses.map((h) => h.horseName);

describe('the watch list routes', () => {
  it('are for members only: visitors 401, non-members 403, and bad input from them changes nothing', async () => {
    expect((await t.client().get(LIST)).status).toBe(401);
    expect((await t.client().post(LIST, { horseName: 'Golden Arrow' })).status).toBe(401);
    const { client: free } = await signedIn(t, 'nonMember');
    const refused = await free.post(LIST, { horseName: 'Golden Arrow' });
    expect(refused.status).toBe(403);
    expect((await free.get(LIST)).status).toBe(403);
    expect((await free.delete(`${LIST}/1`)).status).toBe(403);
    expect(await t.ctx.db.select().from(watchlist)).toEqual([]);
  });

  it('stars a horse (201 with the row), answers 200 with the same row when starred again in another spelling, lists newest first', async () => {
    const { client } = await signedIn(t, 'member');
    const first = await client.post(LIST, { horseName: '  Northern   Star (IRE) ' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({
      horse: { id: expect.any(Number), horseName: 'Northern Star (IRE)', createdAt: at('2026-11-25T09:00') },
      created: true,
      message: 'Northern Star (IRE) added to your watch list.',
    });
    t.clock.advance(60_000);
    const again = await client.post(LIST, { horseName: 'northern star' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      horse: first.json.horse,
      created: false,
      message: 'Northern Star (IRE) is already on your watch list.',
    });
    t.clock.advance(60_000);
    expect((await client.post(LIST, { horseName: 'Golden Arrow' })).status).toBe(201);

    const res = await client.get(LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.json).toEqual({
      cap: WATCHLIST_CAP,
      horses: [
        { id: expect.any(Number), horseName: 'Golden Arrow', createdAt: at('2026-11-25T09:02'), nextRun: null },
        { ...first.json.horse, nextRun: null },
      ],
    });
  });

  it('refuses names that are missing, blank, too long, only punctuation or unstorable (400), changing nothing', async () => {
    const { client } = await signedIn(t, 'member');
    const cases: Array<[unknown, string]> = [
      [{}, 'Horse name is required'],
      [{ horseName: 42 }, 'Horse name is required'],
      [{ horseName: '   ' }, 'Horse name is required'],
      [{ horseName: 'A'.repeat(61) }, 'Horse name is too long (at most 60 characters)'],
      [{ horseName: '?!-' }, 'Horse name must contain letters or digits'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(LIST, body);
      expect([res.status, res.json.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const nul = await client.post(LIST, { horseName: 'Golden\u0000Arrow' });
    expect(nul.status).toBe(400);
    const loneSurrogate = await client.post(LIST, { horseName: 'Golden \ud800 Arrow' });
    expect(loneSurrogate.status).toBe(400);
    expect(await t.ctx.db.select().from(watchlist)).toEqual([]);
  });

  it(`caps a member at ${WATCHLIST_CAP} horses with a clear 422; re-starring a watched one still answers 200, and another member is not affected`, async () => {
    const { client, user } = await signedIn(t, 'member');
    await t.ctx.db.insert(watchlist).values(
      Array.from({ length: WATCHLIST_CAP }, (_, i) => ({
        userId: user.id,
        horseName: `Horse ${i}`,
        horseKey: `horse${i}`,
        createdAt: t.clock.now(),
      })),
    );
    const full = await client.post(LIST, { horseName: 'One Too Many' });
    expect(full.status).toBe(422);
    expect(full.json).toEqual({
      message: `Your watch list is full (${WATCHLIST_CAP} horses). Remove a horse to star another.`,
    });
    expect((await client.post(LIST, { horseName: 'horse 7' })).status).toBe(200);
    expect(await t.ctx.db.select().from(watchlist).where(eq(watchlist.userId, user.id))).toHaveLength(WATCHLIST_CAP);
    const { client: other } = await signedIn(t, 'member', 'other@example.com');
    expect((await other.post(LIST, { horseName: 'One Too Many' })).status).toBe(201);
    // Room again after a removal.
    const [any] = await t.ctx.db.select().from(watchlist).where(eq(watchlist.userId, user.id)).limit(1);
    expect((await client.delete(`${LIST}/${any.id}`)).status).toBe(200);
    expect((await client.post(LIST, { horseName: 'One Too Many' })).status).toBe(201);
  });

  it('removes only the member’s own row: another member’s id is 404 and stays', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob } = await signedIn(t, 'member', 'bob@example.com');
    const annStar = (await ann.post(LIST, { horseName: 'Golden Arrow' })).json.horse;
    const bobStar = (await bob.post(LIST, { horseName: 'Golden Arrow' })).json.horse;
    expect(annStar.id).not.toBe(bobStar.id);

    const refused = await ann.delete(`${LIST}/${bobStar.id}`);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ message: 'That horse is not on your watch list.' });
    expect(await names(bob)).toEqual(['Golden Arrow']);

    const removed = await ann.delete(`${LIST}/${annStar.id}`);
    expect(removed.json).toEqual({ success: true, message: 'Golden Arrow removed from your watch list.' });
    expect(await names(ann)).toEqual([]);
    expect((await ann.delete(`${LIST}/${annStar.id}`)).status).toBe(404);
    expect(await names(bob)).toEqual(['Golden Arrow']);
  });

  it('is in the member’s own data export, oldest first, never another member’s', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob } = await signedIn(t, 'member', 'bob@example.com');
    await ann.post(LIST, { horseName: 'Golden Arrow' });
    t.clock.advance(60_000);
    await ann.post(LIST, { horseName: 'Silent Echo' });
    await bob.post(LIST, { horseName: 'Bobs Dream' });
    const data = (await ann.get('/api/my-data')).json as MyDataExport;
    expect(data.watchlist).toEqual([
      { horseName: 'Golden Arrow', starredAt: at('2026-11-25T09:00') },
      { horseName: 'Silent Echo', starredAt: at('2026-11-25T09:01') },
    ]);
  });

  it('goes with the account: deleting the account erases it, and a removed account row takes its stars with it', async () => {
    const { client: ann, user } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob, user: bobUser } = await signedIn(t, 'member', 'bob@example.com');
    await ann.post(LIST, { horseName: 'Golden Arrow' });
    await bob.post(LIST, { horseName: 'Silent Echo' });
    expect((await ann.request('DELETE', '/api/my-account', { password: PASSWORD })).status).toBe(200);
    expect(await t.ctx.db.select().from(watchlist).where(eq(watchlist.userId, user.id))).toEqual([]);
    expect(await names(bob)).toEqual(['Silent Echo']);
    // The foreign key cascades when an account row itself goes.
    await t.ctx.db.delete(users).where(eq(users.id, bobUser.id));
    expect(await t.ctx.db.select().from(watchlist)).toEqual([]);
  });
});
