import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { createArticle, PREMIUM_SECRET } from './articles-helpers';
import { publish } from './tips-helpers';

/**
 * The shared read cache (src/server/cache/shared-cache.ts) on one instance: a read right after a
 * write is never stale, and what is cached for members never reaches a visitor. Across instances:
 * tests/api/multi-instance.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('cached reads', () => {
  it('the article list is served from the cache, and a create, edit or delete shows at once', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const visitor = t.client();
    const a = await createArticle(admin, { title: 'First Past the Post' });
    expect((await visitor.get('/api/news-and-views')).json.map((x: { title: string }) => x.title)).toEqual([
      'First Past the Post',
    ]);
    const hits = t.ctx.cache.stats.hits;
    await visitor.get('/api/news-and-views');
    expect(t.ctx.cache.stats.hits).toBe(hits + 1);

    await createArticle(admin, { title: 'Second Thoughts', publishDate: '2025-03-11' });
    expect((await visitor.get('/api/news-and-views')).json.map((x: { title: string }) => x.title)).toEqual([
      'Second Thoughts',
      'First Past the Post',
    ]);
    expect((await admin.put(`/api/admin/news-and-views/${a.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await visitor.get('/api/news-and-views')).json.map((x: { title: string }) => x.title)).toContain('Renamed');
    expect((await admin.delete(`/api/admin/news-and-views/${a.id}`)).status).toBe(200);
    expect((await visitor.get('/api/news-and-views')).json.map((x: { title: string }) => x.title)).toEqual([
      'Second Thoughts',
    ]);
  });

  it('a list warmed by an admin carries no premium body for a visitor', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Members Piece', contentType: 'premium', content: `<p>${PREMIUM_SECRET}</p>` });
    expect((await admin.get('/api/news-and-views')).status).toBe(200); // warms the cache as an admin
    const res = await t.client().get('/api/news-and-views');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(PREMIUM_SECRET);
  });

  it('race-card metadata and race cards: fresh after an upload, never to a visitor or non-member once warmed', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: member } = await signedIn(t, 'member');
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const upload = async (day: ReturnType<typeof makeRaceDay>) => {
      const res = await admin.post(
        '/api/vbg-race-cards/upload-master-excel',
        masterForm(await raceDayWorkbook(day), 'thursday'),
      );
      expect(res.status).toBe(200);
    };
    const firstDay = makeRaceDay({ races: 2, runners: 3, seed: 1 });
    await upload(firstDay);
    const first = (await member.get('/api/vbg-race-cards-metadata')).json;
    expect(first.thursday).toHaveLength(2);
    const raceId = first.thursday[0].id;
    const card = await member.get(`/api/vbg-race-cards/race/${raceId}`);
    expect(card.status).toBe(200);
    expect((await member.get(`/api/vbg-race-cards/race/${raceId}`)).text).toBe(card.text);

    // Warm, then ask as someone without access: refused before the cache is consulted.
    for (const path of ['/api/vbg-race-cards-metadata', `/api/vbg-race-cards/race/${raceId}`]) {
      const asVisitor = await t.client().get(path);
      expect(asVisitor.status).toBe(401);
      expect(asVisitor.text).not.toContain(card.json.horses[0].name);
      expect((await nonMember.get(path)).status).toBe(403);
    }

    // Each answer has its own stamps even when the lists come from the cache.
    t.clock.advance(5000);
    const again = (await member.get('/api/vbg-race-cards-metadata?t=42')).json;
    expect(again._cacheBuster).toBe(42);
    expect(again._timestamp).toBeGreaterThan(first._timestamp);

    // The next workbook's first race keeps one runner of the stored race (so it is the same race)
    // and brings two new ones.
    const secondDay = makeRaceDay({ races: 3, runners: 3, seed: 2 });
    secondDay[0].horses[0].name = firstDay[0].horses[0].name;
    await upload(secondDay);
    const after = (await member.get('/api/vbg-race-cards-metadata')).json;
    expect(after.thursday).toHaveLength(3);
    // The same time and course keep the race's id; the cached card is not served stale.
    expect(after.thursday[0].id).toBe(raceId);
    const fresh = await member.get(`/api/vbg-race-cards/race/${raceId}`);
    expect(fresh.status).toBe(200);
    const newRunners = secondDay[0].horses.map((h) => h.name);
    expect(fresh.json.horses.map((h: { name: string }) => h.name)).toEqual(newRunners);
    expect(fresh.text).not.toBe(card.text);
    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/thursday')).status).toBe(200);
    expect((await member.get('/api/vbg-race-cards-metadata')).json.thursday).toEqual([]);
  });

  it('daily tips: the next publish shows at once; members only', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: member } = await signedIn(t, 'member');
    await publish(admin, { nap: 'Early Bird – 1:00 Ascot' });
    expect((await member.get('/api/daily-tips')).json.nap).toBe('Early Bird – 1:00 Ascot');
    const visitor = await t.client().get('/api/daily-tips');
    expect(visitor.status).toBe(401);
    expect(visitor.text).not.toContain('Early Bird');
    await publish(admin, { nap: 'Late Change – 2:30 Ascot' });
    expect((await member.get('/api/daily-tips')).json.nap).toBe('Late Change – 2:30 Ascot');
  });

  it("the site settings are served from the cache, and the analyst's save shows at once", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: member } = await signedIn(t, 'member');
    const weekday = async () => (await member.get('/api/admin-settings/default-weekday')).json.value as string;
    expect(await weekday()).toBe('Thursday');
    const hits = t.ctx.cache.stats.hits;
    expect(await weekday()).toBe('Thursday');
    expect(t.ctx.cache.stats.hits).toBe(hits + 1);
    expect((await admin.post('/api/admin-settings/default-weekday', { weekday: 'friday' })).status).toBe(200);
    expect(await weekday()).toBe('Friday');
    // Open access, read on every members' route a non-member asks: on at once, off at once.
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get('/api/daily-tips')).status).toBe(403);
    expect((await admin.post('/api/admin/settings', { openAccess: true })).status).toBe(200);
    expect((await nonMember.get('/api/daily-tips')).status).not.toBe(403);
    expect((await admin.post('/api/admin/settings', { openAccess: false })).status).toBe(200);
    expect((await nonMember.get('/api/daily-tips')).status).toBe(403);
  });

  it('a read racing a write is never stored: the next read sees the write', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Before' });
    const visitor = t.client();
    // Many reads in flight while the write commits; whatever they answer, the read after must be fresh.
    const reads = Array.from({ length: 20 }, () => visitor.get('/api/news-and-views'));
    await createArticle(admin, { title: 'After', publishDate: '2025-03-12' });
    await Promise.all(reads);
    expect((await visitor.get('/api/news-and-views')).json.map((x: { title: string }) => x.title)).toEqual([
      'After',
      'Before',
    ]);
  });
});
