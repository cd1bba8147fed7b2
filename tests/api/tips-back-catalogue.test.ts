import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backCatalogue } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publish } from './tips-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** Publishes tips as an admin signed in at that instant (sessions end after 30 idle minutes). */
async function publishAt(iso: string, nap: string) {
  t.clock.set(new Date(iso));
  const { client } = await signedIn(t, 'admin', `admin-${iso.slice(0, 13)}@example.com`);
  await publish(client, { nap });
  return client;
}

describe('back catalogue list', () => {
  it('is public and empty at first', async () => {
    const res = await t.client().get('/api/back-catalogue');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});

describe('move-to-library', () => {
  it('is admin only', async () => {
    expect((await t.client().post('/api/move-to-library')).status).toBe(401);
    const { client } = await signedIn(t, 'member');
    expect((await client.post('/api/move-to-library')).status).toBe(403);
    expect((await client.post('/api/import-back-catalogue')).status).toBe(403);
  });

  it("copies yesterday's London tips once; a second run adds nothing and says so", async () => {
    await publishAt('2026-07-14T10:00:00Z', 'Tuesday Horse');
    // 00:30 BST on 16 July: London yesterday is 15 July (no tips), not 14 July.
    const admin = await publishAt('2026-07-15T23:30:00Z', 'Thursday Horse');
    const none = await admin.post('/api/move-to-library');
    expect(none.status).toBe(404);
    expect(none.json.message).toMatch(/No tips were published yesterday \(Wednesday 15 July 2026\)/);

    t.clock.set(new Date('2026-07-15T10:00:00Z')); // London yesterday is now 14 July
    const { client } = await signedIn(t, 'admin', 'later@example.com');
    const first = await client.post('/api/move-to-library');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      success: true,
      message: "Yesterday's tips (Tuesday 14 July 2026) were added to the back catalogue.",
    });
    const second = await client.post('/api/move-to-library');
    expect(second.status).toBe(200);
    expect(second.json.message).toMatch(/already in the back catalogue/);

    const list = await t.client().get('/api/back-catalogue');
    expect(list.json).toEqual([
      {
        id: expect.any(Number),
        title: 'Daily Tips – Tuesday 14 July 2026',
        date: '2026-07-14',
        contentType: 'html',
        filename: 'daily-tips-2026-07-14',
      },
    ]);
    expect(await t.ctx.db.select().from(backCatalogue)).toHaveLength(1);
  });
});

describe('import-back-catalogue', () => {
  it('adds an entry for every tips day lacking one, and nothing the second time', async () => {
    await publishAt('2026-11-18T09:00:00Z', 'A');
    await publishAt('2026-11-19T09:00:00Z', 'B');
    const admin = await publishAt('2026-11-20T09:00:00Z', 'C');
    t.clock.set(new Date('2026-11-20T09:05:00Z'));
    // 19 November already in the archive by the daily button:
    expect((await admin.post('/api/move-to-library')).status).toBe(200);

    const first = await admin.post('/api/import-back-catalogue');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, message: 'Imported 2 days of tips into the back catalogue.' });
    const again = await admin.post('/api/import-back-catalogue');
    expect(again.json.message).toMatch(/up to date/);

    const list = (await admin.get('/api/back-catalogue')).json as Array<{ date: string; contentType: string }>;
    expect(list.map((e) => e.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    expect(list.every((e) => e.contentType === 'html')).toBe(true);
    // Today's entry is for members (decision 10): a visitor's list holds the past days only.
    const visitors = (await t.client().get('/api/back-catalogue')).json as Array<{ date: string }>;
    expect(visitors.map((e) => e.date)).toEqual(['2026-11-19', '2026-11-18']);
  });
});
