import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import type { HttpClient } from '../support/http-client';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { setSetting } from '#server/settings';
import { PREMIUM_SECRET, REGULAR_BODY, createArticle } from './articles-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Who = 'visitor' | 'nonMember' | 'member' | 'admin';
const WHO: Who[] = ['visitor', 'nonMember', 'member', 'admin'];
const SEES_PREMIUM: Record<Who, boolean> = { visitor: false, nonMember: false, member: true, admin: true };

async function setup() {
  const admin = (await signedIn(t, 'admin')).client;
  const clients: Record<Who, HttpClient> = {
    visitor: t.client(),
    nonMember: (await signedIn(t, 'nonMember')).client,
    member: (await signedIn(t, 'member')).client,
    admin,
  };
  const regular = await createArticle(admin, { title: 'Regular Piece', content: `<p>${REGULAR_BODY}</p>` });
  const premium = await createArticle(admin, {
    title: 'Premium Piece',
    contentType: 'premium',
    summary: '<p>Premium summary for all</p>',
    content: `<h2>Inside</h2><p>${PREMIUM_SECRET}</p>`,
  });
  return { clients, regular, premium };
}

describe('who sees which article body', () => {
  it('the list carries summaries only, never a body, for everyone', async () => {
    const { clients } = await setup();
    for (const who of WHO) {
      const res = await clients[who].get('/api/news-and-views');
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(2);
      expect(res.text).not.toContain(PREMIUM_SECRET);
      expect(res.text).not.toContain(REGULAR_BODY);
      for (const a of res.json) expect(a).not.toHaveProperty('content');
      expect(res.text).toContain('Premium summary for all');
    }
  });

  for (const by of ['slug', 'id'] as const) {
    it(`by ${by}: a regular body for all, a premium body only for members and admins`, async () => {
      const { clients, regular, premium } = await setup();
      for (const who of WHO) {
        const r = await clients[who].get(`/api/news-and-views/${by === 'slug' ? regular.slug : regular.id}`);
        expect(r.status).toBe(200);
        expect(r.json.content).toContain(REGULAR_BODY);
        expect(r.json.isPremiumPreview).toBe(false);

        const p = await clients[who].get(`/api/news-and-views/${by === 'slug' ? premium.slug : premium.id}`);
        expect(p.status).toBe(200);
        expect(p.json).toMatchObject({
          id: premium.id,
          slug: 'premium-piece',
          canonicalSlug: 'premium-piece',
          title: 'Premium Piece',
          contentType: 'premium',
        });
        expect(p.headers.get('cache-control')).toContain('private');
        if (SEES_PREMIUM[who]) {
          expect(p.json.isPremiumPreview).toBe(false);
          expect(p.json.content).toContain(PREMIUM_SECRET);
        } else {
          expect(p.json.isPremiumPreview).toBe(true);
          expect(p.json).not.toHaveProperty('content');
          expect(p.text).not.toContain(PREMIUM_SECRET);
          expect(p.json.summary).toContain('Premium summary for all');
        }
      }
    });
  }

  it('the sitemap lists article addresses but never a body', async () => {
    const { clients, regular, premium } = await setup();
    for (const who of WHO) {
      const res = await clients[who].get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.text).toContain(`/news-and-views/${regular.slug}</loc>`);
      expect(res.text).toContain(`/news-and-views/${premium.slug}</loc>`);
      expect(res.text).not.toContain(PREMIUM_SECRET);
      expect(res.text).not.toContain(REGULAR_BODY);
    }
  });

  it('the page HTML carries meta tags for everyone and never a body', async () => {
    const { clients, regular, premium } = await setup();
    for (const who of WHO) {
      for (const path of [
        `/news-and-views/${premium.slug}`,
        `/news-and-views/${premium.id}`,
        `/news-and-views/${regular.slug}`,
      ]) {
        const res = await clients[who].get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.text).toMatch(/<meta property="og:title" content="(Premium|Regular) Piece">/);
        expect(res.text).not.toContain(PREMIUM_SECRET);
        expect(res.text).not.toContain(REGULAR_BODY);
      }
    }
  });

  it('the open-access setting opens premium bodies to signed-in accounts, not to visitors', async () => {
    const { clients, premium } = await setup();
    await setSetting(t.ctx, 'openAccess', true);
    const nonMember = await clients.nonMember.get(`/api/news-and-views/${premium.slug}`);
    expect(nonMember.json.content).toContain(PREMIUM_SECRET);
    const visitor = await clients.visitor.get(`/api/news-and-views/${premium.slug}`);
    expect(visitor.json.isPremiumPreview).toBe(true);
    expect(visitor.text).not.toContain(PREMIUM_SECRET);
  });

  it('a member whose paid period has ended gets the preview again', async () => {
    const { premium } = await setup();
    const { client, user } = await signedIn(t, 'member', 'lapsed@example.com');
    expect((await client.get(`/api/news-and-views/${premium.slug}`)).json.content).toContain(PREMIUM_SECRET);
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, user.id));
    // Written behind the app's back: the signed-in user cache drops it when the database's change
    // notice arrives (on PostgreSQL over LISTEN, a moment later), so the next reads wait for it.
    await expect
      .poll(async () => (await client.get(`/api/news-and-views/${premium.slug}`)).json.isPremiumPreview)
      .toBe(true);
    const res = await client.get(`/api/news-and-views/${premium.slug}`);
    expect(res.text).not.toContain(PREMIUM_SECRET);
  });

  it('answers 404 JSON for an unknown slug or id', async () => {
    await setup();
    for (const ref of ['no-such-article', '999999', 'undefined']) {
      const res = await t.client().get(`/api/news-and-views/${ref}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Article not found' });
    }
  });
});
