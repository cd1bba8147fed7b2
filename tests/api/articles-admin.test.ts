import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { londonDate } from '#shared/london-time';
import { seedDemoArticles } from '#server/features/articles/demo';
import { articleBody, createArticle } from './articles-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ANALYST_NAME: 'Alex Analyst' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('creating, editing and deleting articles', () => {
  it('creates with the spec defaults and answers the article with its slug', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post('/api/admin/news-and-views', {
      title: 'Royal Ascot Preview',
      summary: 'Short',
      content: '<p>Body</p>',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      slug: 'royal-ascot-preview',
      canonicalSlug: 'royal-ascot-preview',
      category: 'news',
      contentType: 'regular',
      author: 'Alex Analyst',
      publishDate: londonDate(t.clock.now()),
      hidePublishDate: false,
      isTop5Article: false,
      isMostRecentTop5: false,
      discountCode: null,
      isPremiumPreview: false,
      content: '<p>Body</p>',
    });
    expect(typeof res.json.id).toBe('number');
  });

  it('keeps optional fields: hidden date, undated, top-5 flag, discount code', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, {
      hidePublishDate: true,
      publishDate: null,
      isTop5Article: true,
      discountCode: 'SPRING30',
    });
    const got = (await t.client().get(`/api/news-and-views/${a.slug}`)).json;
    expect(got).toMatchObject({
      hidePublishDate: true,
      publishDate: null,
      isTop5Article: true,
      isMostRecentTop5: true,
      discountCode: 'SPRING30',
    });
    const iso = await createArticle(admin, { title: 'Iso date', publishDate: '2025-04-01T00:00:00.000Z' });
    expect((await t.client().get(`/api/news-and-views/${iso.id}`)).json.publishDate).toBe('2025-04-01');
  });

  it('makes unique slugs from titles and keeps a slug when the title changes', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await createArticle(admin, { title: 'Same Title!' })).slug);
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    const numeric = await createArticle(admin, { title: '2025' });
    expect(numeric.slug).toBe('article-2025');

    const first = await createArticle(admin, { title: 'Original Title' });
    const put = await admin.put(`/api/admin/news-and-views/${first.id}`, { title: 'A Completely New Title' });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      message: 'Article updated successfully',
      article: { title: 'A Completely New Title', slug: 'original-title' },
    });
    const bySlug = await t.client().get('/api/news-and-views/original-title');
    expect(bySlug.json.title).toBe('A Completely New Title');
    // A new article with the old title cannot take the slug.
    expect((await createArticle(admin, { title: 'Original Title' })).slug).toBe('original-title-2');
  });

  it('answers the canonical slug when asked by id or another spelling', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { title: 'Canonical Case' });
    for (const ref of [String(a.id), 'Canonical-Case']) {
      const res = await t.client().get(`/api/news-and-views/${ref}`);
      expect(res.status).toBe(200);
      expect(res.json.canonicalSlug).toBe('canonical-case');
    }
  });

  it('updates only what is sent, then deletes', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { contentType: 'regular', category: 'news' });
    const put = await admin.put(`/api/admin/news-and-views/${a.id}`, {
      contentType: 'premium',
      category: 'views',
      publishDate: '2024-12-25',
      author: '',
    });
    expect(put.json.article).toMatchObject({
      contentType: 'premium',
      category: 'views',
      publishDate: '2024-12-25',
      author: 'Alex Analyst',
      title: 'A Day at the Races',
    });
    const del = await admin.delete(`/api/admin/news-and-views/${a.id}`);
    expect(del.status).toBe(200);
    expect(del.json.message).toBe('Article "A Day at the Races" deleted');
    expect((await t.client().get(`/api/news-and-views/${a.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/news-and-views/${a.id}`)).status).toBe(404);
    expect((await admin.put(`/api/admin/news-and-views/${a.id}`, { title: 'x' })).status).toBe(404);
  });

  it('lists newest first by publish date with undated last', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Old', publishDate: '2024-01-01' });
    await createArticle(admin, { title: 'Undated', publishDate: null });
    await createArticle(admin, { title: 'New', publishDate: '2025-01-01', category: 'views' });
    const list = await t.client().get('/api/news-and-views');
    expect(list.json.map((a: { title: string }) => a.title)).toEqual(['New', 'Old', 'Undated']);
  });
});

describe('validation and access', () => {
  it('answers 400 with a message for bad input', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ title: undefined }, 'Title is required'],
      [{ summary: '' }, 'Summary is required'],
      [{ content: '' }, 'Content is required'],
      [{ category: 'sport' }, 'Category must be news or views'],
      [{ contentType: 'secret' }, 'Content type must be regular or premium'],
      [{ publishDate: '2025-02-30' }, 'Publish date must be a date in YYYY-MM-DD form'],
      [{ publishDate: 'yesterday' }, 'Publish date must be a date in YYYY-MM-DD form'],
      [{ discountCode: 'no spaces!' }, 'Discount code may only contain letters, numbers, hyphens and underscores'],
      [{ hidePublishDate: 'yes' }, 'hidePublishDate must be true or false'],
      [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ summary: '<script>only</script>' }, 'Summary is required'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post('/api/admin/news-and-views', articleBody(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json).toEqual({ message });
    }
    const a = await createArticle(admin);
    expect((await admin.put(`/api/admin/news-and-views/${a.id}`, { title: '' })).json).toEqual({
      message: 'Title is required',
    });
    expect((await admin.put('/api/admin/news-and-views/abc', { title: 'x' })).json).toEqual({
      message: 'Invalid article id',
    });
    expect((await admin.delete('/api/admin/news-and-views/1.5')).status).toBe(400);
    const notJson = await admin.request('POST', '/api/admin/news-and-views', '{"title":', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses the admin routes to visitors (401) and non-admins (403)', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin);
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/admin/news-and-views', articleBody()],
      ['PUT', `/api/admin/news-and-views/${a.id}`, { title: 'Hijack' }],
      ['DELETE', `/api/admin/news-and-views/${a.id}`],
      ['POST', '/api/admin/automate-article-access', {}],
      ['POST', '/api/admin/import-resource-library', {}],
    ];
    const member = (await signedIn(t, 'member')).client;
    const nonMember = (await signedIn(t, 'nonMember')).client;
    for (const [method, path, body] of routes) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const c of [member, nonMember]) {
        const res = await c.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json).toEqual({ message: 'Administrator access is required.' });
      }
    }
    const after = await t.client().get(`/api/news-and-views/${a.id}`);
    expect(after.json.title).toBe('A Day at the Races');
    expect((await t.client().get('/api/news-and-views')).json).toHaveLength(1);
  });
});

describe('top-5 articles', () => {
  it('derives the most recent top-5 from publish dates', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const older = await createArticle(admin, { title: 'Top 5 older', isTop5Article: true, publishDate: '2025-05-01' });
    const newer = await createArticle(admin, { title: 'Top 5 newer', isTop5Article: true, publishDate: '2025-05-08' });
    await createArticle(admin, { title: 'Not top 5', publishDate: '2025-06-01' });
    const flags = async () =>
      Object.fromEntries(
        (await t.client().get('/api/news-and-views')).json.map((a: { title: string; isMostRecentTop5: boolean }) => [
          a.title,
          a.isMostRecentTop5,
        ]),
      );
    expect(await flags()).toEqual({ 'Top 5 older': false, 'Top 5 newer': true, 'Not top 5': false });
    // Editing dates moves the flag; nothing is stored by hand.
    await admin.put(`/api/admin/news-and-views/${older.id}`, { publishDate: '2025-05-15' });
    expect(await flags()).toEqual({ 'Top 5 older': true, 'Top 5 newer': false, 'Not top 5': false });
    await admin.delete(`/api/admin/news-and-views/${older.id}`);
    expect((await t.client().get(`/api/news-and-views/${newer.slug}`)).json.isMostRecentTop5).toBe(true);
  });

  it('makes premium top-5 articles older than one London day public', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    t.clock.set(new Date('2025-06-10T12:00:00Z'));
    const make = (title: string, publishDate: string | null, extra: Record<string, unknown> = {}) =>
      createArticle(admin, { title, publishDate, contentType: 'premium', isTop5Article: true, ...extra });
    await make('Today', '2025-06-10');
    await make('Yesterday', '2025-06-09');
    await make('Two days ago', '2025-06-08');
    await make('Not top 5', '2025-05-01', { isTop5Article: false });
    await make('Undated, created today', null);
    const types = async () =>
      Object.fromEntries(
        (await t.client().get('/api/news-and-views')).json.map((a: { title: string; contentType: string }) => [
          a.title,
          a.contentType,
        ]),
      );

    const first = await admin.post('/api/admin/automate-article-access');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ success: true, updated: 1, message: 'Made 1 old Top 5 article public.' });
    expect(await types()).toMatchObject({
      Today: 'premium',
      Yesterday: 'premium',
      'Two days ago': 'regular',
      'Not top 5': 'premium',
      'Undated, created today': 'premium',
    });

    // 23:30 UTC on the 10th is already the 11th in London (BST): "yesterday" is now two days old.
    t.clock.set(new Date('2025-06-10T23:30:00Z'));
    expect((await admin.post('/api/admin/automate-article-access')).json.updated).toBe(1);
    expect((await types()).Yesterday).toBe('regular');

    t.clock.set(new Date('2025-06-12T09:00:00Z'));
    const third = await admin.post('/api/admin/automate-article-access');
    expect(third.json).toMatchObject({ updated: 2, message: 'Made 2 old Top 5 articles public.' });
    expect(await types()).toMatchObject({
      Today: 'regular',
      'Undated, created today': 'regular',
      'Not top 5': 'premium',
    });
    expect((await admin.post('/api/admin/automate-article-access')).json.message).toBe(
      'Made 0 old Top 5 articles public.',
    );
  });
});

describe('resource library import', () => {
  it('imports the three built-in articles once', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const first = await admin.post('/api/admin/import-resource-library');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      success: true,
      imported: 3,
      message: 'Imported 3 articles from the resource library.',
    });
    const second = await admin.post('/api/admin/import-resource-library');
    expect(second.json).toMatchObject({ success: true, imported: 0 });
    expect(second.json.message).toMatch(/^Imported 0 articles/);
    const list = (await t.client().get('/api/news-and-views')).json;
    expect(list.map((a: { slug: string }) => a.slug).sort()).toEqual([
      'betting-strategy',
      'first-month-review',
      'vb-ratings-guide',
    ]);
    expect(
      list.every(
        (a: { contentType: string; category: string }) => a.contentType === 'regular' && a.category === 'views',
      ),
    ).toBe(true);
    const review = (await t.client().get('/api/news-and-views/first-month-review')).json;
    expect(review.content).toContain('<h2>What a month can show</h2>');
    // No figure is claimed in an article: the record states them (recordClaim).
    expect(review.content).toContain('The figures are in the proofed results');
    expect(review.content).not.toMatch(/11\.6%|97 selections|return on investment of \d/);
    expect(review.author).toBe('Alex Analyst');
  });

  it('runs safely twice at once and takes a free slug when one is in use', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Betting Strategy' }); // holds the slug betting-strategy
    const [a, b] = await Promise.all([
      admin.post('/api/admin/import-resource-library'),
      admin.post('/api/admin/import-resource-library'),
    ]);
    expect(a.json.imported + b.json.imported).toBe(3);
    const slugs = (await t.client().get('/api/news-and-views')).json.map((x: { slug: string }) => x.slug).sort();
    expect(slugs).toEqual(['betting-strategy', 'betting-strategy-2', 'first-month-review', 'vb-ratings-guide']);
  });
});

describe('demo content', () => {
  it('seeds news and views, regular and premium, with one current top-5', async () => {
    await seedDemoArticles(t.ctx);
    const list = (await t.client().get('/api/news-and-views')).json as {
      category: string;
      contentType: string;
      isMostRecentTop5: boolean;
      isTop5Article: boolean;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((a) => a.category))).toEqual(new Set(['news', 'views']));
    expect(new Set(list.map((a) => a.contentType))).toEqual(new Set(['regular', 'premium']));
    expect(list.filter((a) => a.isMostRecentTop5)).toHaveLength(1);
    expect(list.filter((a) => a.isTop5Article).length).toBeGreaterThan(1);
  });
});
