import { beforeEach, describe, expect, it } from 'vitest';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { withPagesApp } from '../support/web-build';
import { PREMIUM_SECRET, REGULAR_BODY, createArticle } from './articles-helpers';
import { record, settle } from './performance-helpers';
import { publish } from './tips-helpers';
import { afterTheOff, enterResults, resultLine, uploadCards } from './race-results-helpers';
import { fetchPage, renderedAt } from './ssr-helpers';
import { publishReceipts, THREE_TIPS } from './proofing-helpers';

// Public pages arrive rendered by React on the server, with their data,
// and what a visitor may not read (a premium body, today's tips) is never in that HTML.
let t: TestApp;
withPagesApp((app) => (t = app));
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 09:00 London (GMT).
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
});

const page = (path: string, client = t.client()) => fetchPage(client, path);

describe('server-rendered public pages', () => {
  it('home, Team VBG, getting started, premium access, subscribe and resources arrive with their content', async () => {
    const expected: Record<string, string> = {
      '/': 'Why punters choose VBG',
      '/about': 'Team VBG',
      '/getting-started': 'Getting Started',
      '/premium-access': 'Premium',
      '/subscribe': 'Subscribe',
      '/resources': 'Resources',
    };
    for (const [path, text] of Object.entries(expected)) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.root, path).toContain(text);
      expect(p.root, path).toContain('Value Betting Guide'); // the header, rendered too
      expect(p.data, path).not.toBeNull();
    }
    const resources = (await t.client().get('/api/resources')).json as Array<{ slug: string; title: string }>;
    const resource = await page(`/resources/${resources[0].slug}`);
    expect(resource.root).toContain(resources[0].title.replace(/&/g, '&amp;'));
  });

  it('the terms, privacy and responsible-gambling pages arrive rendered with their key text', async () => {
    const expected: Record<string, string[]> = {
      '/terms': [
        'Terms of Membership',
        '£16.00 a month',
        '£12.00 a month with a discount code',
        'renews automatically',
        'cancel at any time',
        '14-day right to cancel',
        '7-day money-back guarantee',
        'No guarantee of winnings',
        '18 or over',
      ],
      '/privacy': [
        'Privacy Notice',
        'The site sets no non-essential cookies.',
        'vbg_session',
        'Stripe',
        'Our mail host',
        'Our hosting provider',
        'Download my data',
        'Delete my account',
        'for 6 years, as HMRC requires',
      ],
      '/responsible-gambling': [
        'Responsible Gambling',
        '18+ only. Only bet what you can afford to lose.',
        'BeGambleAware',
        'GamCare',
        '0808 8020 133',
        'GAMSTOP',
        'Pause my e-mails',
        '7, 30, 90 or 180 days',
      ],
    };
    for (const [path, texts] of Object.entries(expected)) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      for (const text of texts)
        expect(p.root.replace(/<!-- -->/g, ''), `${path}: ${text}`).toContain(text.replace(/&/g, '&amp;'));
      // Linked from the footer of every page.
      expect(p.root, path).toContain(`href="${path}"`);
    }
    // The subscribe page links all three beside the price.
    const subscribe = await page('/subscribe');
    for (const path of ['/terms', '/privacy', '/responsible-gambling'])
      expect(subscribe.root.split('Subscribe Now')[1], path).toContain(`href="${path}"`);
  });

  it('News & Views and an article carry their text; a premium body reaches members only', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const regular = await createArticle(admin, { title: 'Going Report' });
    const premium = await createArticle(admin, {
      title: 'Members Angle',
      contentType: 'premium',
      content: `<p>${PREMIUM_SECRET}</p>`,
    });

    const list = await page('/news-and-views');
    expect(list.root).toContain('Going Report');
    expect(list.root).toContain('Members Angle');
    const article = await page(`/news-and-views/${regular.slug}`);
    expect(article.root).toContain(REGULAR_BODY);

    const visitor = await page(`/news-and-views/${premium.slug}`);
    expect(visitor.root).toContain('Members Angle');
    expect(visitor.html).not.toContain(PREMIUM_SECRET);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await page(`/news-and-views/${premium.slug}`, nonMember)).html).not.toContain(PREMIUM_SECRET);
    // The same access decision as the API: a member's page has the body, rendered.
    const { client: member } = await signedIn(t, 'member');
    expect((await page(`/news-and-views/${premium.slug}`, member)).root).toContain(PREMIUM_SECRET);

    const missing = await page('/news-and-views/no-such-article');
    expect(missing.status).toBe(404);
    expect(missing.root).toContain('Article Not Found');
  });

  it("the free race card lists the nominated race's horses, and no other race's", async () => {
    const sample = makeRaceDay({ races: 3, runners: 4, seed: 7 });
    const { client: admin } = await signedIn(t, 'admin');
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), 'sunday')))
        .status,
    ).toBe(200);
    const chosen = sample[1];
    const [h, m] = chosen.time.split(':').map(Number);
    const nominated = await admin.post('/api/free-race/nominate', {
      raceTime: `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')}`,
      course: chosen.course,
      weekday: 'Sunday',
    });
    expect(nominated.status).toBe(200);

    const free = await page('/free-race');
    for (const horse of chosen.horses) expect(free.root).toContain(horse.name);
    for (const other of sample.filter((r) => r !== chosen))
      for (const horse of other.horses) expect(free.html).not.toContain(horse.name);
  });

  it('the results table has a row per settled tip', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const won = await record(admin, { raceDate: '2026-11-20', selectionName: 'Copper Coast', advisedOdds: '4/1' });
    await settle(admin, won, 'WON');
    const lost = await record(admin, {
      raceDate: '2026-11-21',
      selectionName: 'Silent Witness',
      selectionType: 'nb',
      advisedOdds: '9/2',
    });
    await settle(admin, lost, 'WON');
    await settle(admin, lost, 'LOST'); // a correction: the record says so, with the day

    const results = await page('/results');
    const rows = [
      ...results.root.matchAll(/<tr class="border-b border-slate-200 bg-(?:green|red)-50">([\s\S]*?)<\/tr>/g),
    ].map((r) => r[1]);
    expect(rows).toHaveLength(2);
    expect(rows.join()).toContain('Copper Coast');
    const corrected = rows.find((r) => r.includes('Silent Witness'))!;
    expect(corrected).toMatch(/Corrected (<!-- -->)?\d{1,2} [A-Z][a-z]+ 20\d\d/);
    expect(rows.find((r) => r.includes('Copper Coast'))).not.toContain('Corrected');
  });

  it("the value calibration arrives rendered with yesterday's results, and never today's", async () => {
    const [race] = await uploadCards((await signedIn(t, 'admin')).client, 'sunday');
    t.clock.set(afterTheOff('2026-11-22', race.time));
    const { client: admin } = await signedIn(t, 'admin', 'analyst@example.com');
    expect((await enterResults(admin, '2026-11-22', [resultLine(race, [1, 0])])).status).toBe(200);
    const today = await page('/value-calibration');
    expect(today.status).toBe(200);
    expect(today.root).toContain('Value Calibration');
    expect(today.root).toContain('No results yet');
    expect(today.root).not.toContain(race.horses[1].name);

    t.clock.set(new Date('2026-11-23T09:00:00Z'));
    const tomorrow = await page('/value-calibration');
    expect(tomorrow.root).toContain('Sunday 22 November 2026');
    expect(tomorrow.root).toMatch(/1 races?, 5 runners, 1 winners?/);
    expect(tomorrow.root).toContain('data-testid="calibration-by-score"');
    expect(tomorrow.root).toContain('data-testid="calibration-chart"');
    expect(tomorrow.data).not.toBeNull();
  });

  it('the record page arrives rendered with how to check it and the days to check', async () => {
    await publishReceipts(t, '2026-11-21', THREE_TIPS);
    const p = await page('/record');
    expect(p.status).toBe(200);
    expect(p.root).toContain('How to Check the Record');
    expect(p.root).toContain('openssl ts -verify -digest');
    expect(p.root).toContain('Saturday 21 November 2026');
    expect(p.root).toContain('href="/api/record/2026-11-21"');
    expect(p.data).not.toBeNull();
  });

  it("renders a past day's tips; today's and later days show the gate, never the tips, to anyone", async () => {
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const { client: yesterdayAdmin } = await signedIn(t, 'admin', 'saturday-admin@example.com');
    await publish(yesterdayAdmin, { nap: 'Saturday Star – 1:30 Sandown' });
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Sunday Secret – 2:10 Ascot' });

    const past = await page('/tips/2026-11-21');
    expect(past.root).toContain('Saturday Star – 1:30 Sandown');

    const today = await page('/tips/2026-11-22');
    expect(today.root).toContain('Member Access Required');
    expect(today.html).not.toContain('Sunday Secret');
    const { client: member } = await signedIn(t, 'member');
    const memberToday = await page('/tips/2026-11-22', member);
    expect(memberToday.status).toBe(200);
    expect(memberToday.html).not.toContain('Sunday Secret'); // the browser fetches them for a member
    expect((await page('/tips/2026-11-23')).root).toContain('Member Access Required');

    // The back catalogue lists the archived day.
    expect((await admin.post('/api/move-to-library')).status).toBe(200);
    expect((await page('/back-catalogue')).root).toContain('Daily Tips – Saturday 21 November 2026');
  });

  it('the embedded data is not executable, cannot be broken out of, and the CSP stays strict', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    // Titles are stored as text: the entities come back as "<" and ">" in the data.
    await createArticle(admin, {
      title: 'Odds &lt;/script&gt;&lt;script&gt;window.hacked=1&lt;/script&gt; &lt;!-- on',
    });
    const p = await page('/news-and-views');
    expect(p.data).not.toBeNull();
    expect(p.data).not.toContain('<');
    expect(JSON.stringify(JSON.parse(p.data!))).toContain('</script><script>window.hacked=1</script>');
    // Scripts: the entry (by src) and the JSON element; nothing inline and executable.
    const scripts = [...p.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((s) => !/\bsrc="\/assets\//.test(s) && !/type="application\/json"/.test(s))).toEqual([]);
    expect(p.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
  });

  it('the bet log, the generator, golf and the admin panel stay a shell the browser renders', async () => {
    const { client: member } = await signedIn(t, 'member');
    for (const path of ['/my-bets', '/vb-generator', '/golf', '/admin']) {
      const p = await page(path, member);
      expect(p.status, path).toBe(200);
      expect(p.html, path).toContain('<div id="root"></div>');
      expect(p.data, path).toBeNull();
    }
  });

  it("a visitor's page is served from the cache until an admin write drops it; a member's never is", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'First Word' });
    expect((await page('/news-and-views')).root).toContain('First Word');
    // Two visits a second apart get the same render. (Polled: on PostgreSQL the write's own cache
    // notice comes back through LISTEN a moment later and drops the pages once more.)
    let first = await page('/news-and-views');
    await expect
      .poll(async () => {
        t.clock.advance(1_000);
        const next = await page('/news-and-views');
        const same = renderedAt(next) === renderedAt(first);
        first = next;
        return same;
      })
      .toBe(true);
    const { client: member } = await signedIn(t, 'member');
    expect(renderedAt(await page('/news-and-views', member))).not.toBe(renderedAt(first));

    await createArticle(admin, { title: 'Second Word' });
    const after = await page('/news-and-views');
    expect(after.root).toContain('Second Word');
    expect(renderedAt(after)).not.toBe(renderedAt(first));
  });
});
