import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { uploadTodaysCards, type SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { withPagesApp } from '../support/web-build';
import { runnerCardUrl } from '#shared/runner-link';
import { fetchPage, renderedAt } from './ssr-helpers';
import { publish } from './tips-helpers';

// Members' pages arrive rendered on the server with the member's data, one render shared by
// every member of a kind; a visitor's or non-member's HTML never carries what they may not read.
let t: TestApp;
withPagesApp((app) => (t = app));

let races: SampleRace[];
let today: string;
let admin: HttpClient;
beforeEach(async () => {
  await t.reset();
  // Monday 23 November 2026; the fixture moves the clock to 08:00 London.
  t.clock.set(new Date('2026-11-23T09:00:00Z'));
  ({ races, today } = await uploadTodaysCards(t, 4));
  ({ client: admin } = await signedIn(t, 'admin'));
  await publish(admin, { nap: tipOf(races[0].horses[0].name), confirmShortPrices: true });
});

const tipOf = (horse: string) => `${horse} – ${races[0].time} ${races[0].course} (5/1)`;
const VIEWER = /<script type="application\/json" id="vbg-viewer">([^<]*)<\/script>/;
const viewerOf = (html: string) => JSON.parse(VIEWER.exec(html)?.[1] ?? 'undefined') as { email: string } | null;
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const MEMBER_PAGES = ['/tips', '/vbg-race-cards', '/value-now', '/my-account'];

describe("members' pages rendered on the server", () => {
  it('arrive with the member’s data in the first HTML, kept by no shared cache', async () => {
    const { client: member } = await signedIn(t, 'member', 'dawn@example.com');
    const nap = races[0].horses[0].name;

    const tips = await fetchPage(member, '/tips');
    expect(tips.status).toBe(200);
    expect(tips.root).toContain('Daily Headline Tips');
    expect(tips.root).toContain(nap);
    expect(tips.data).toContain(nap);
    // The NAP's price line, drawn from its race card in the same HTML: never a claim that the race is missing.
    expect(/data-testid="tip-guidance-nap">([^<]*)</.exec(tips.root)?.[1]).toMatch(
      /VB tissue (no longer sees value|sees value only at)/,
    );
    expect(textOf(tips.root)).toMatch(/Tissue \d+\.\d{2} · Value down to \S+ \(\d+\.\d{2}\)/);

    const cards = await fetchPage(member, '/vbg-race-cards');
    expect(cards.status).toBe(200);
    // The default day's menu: every race of the day by its time and name.
    for (const race of races) expect(cards.root).toContain(race.time);
    expect(cards.root).toContain(races[0].course);

    const board = await fetchPage(member, '/value-now');
    expect(board.status).toBe(200);
    for (const horse of races[1].horses) expect(board.root).toContain(horse.name);

    const account = await fetchPage(member, '/my-account');
    expect(account.status).toBe(200);
    expect(account.root).toContain('dawn@example.com');

    for (const page of [tips, cards, board, account]) {
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
      expect(page.headers.get('vary')).toMatch(/Cookie/);
      expect(viewerOf(page.html)?.email).toBe('dawn@example.com');
    }
  });

  it('a visitor and a non-member get the gate, with nothing paid in the HTML, before and after a member', async () => {
    const { client: member } = await signedIn(t, 'member', 'paying@example.com');
    const { client: nonMember } = await signedIn(t, 'nonMember', 'lapsed@example.com');
    const paid = [races[0].horses[0].name, races[1].horses[2].name];
    for (const path of MEMBER_PAGES) {
      const before = await fetchPage(t.client(), path);
      expect((await fetchPage(member, path)).status, path).toBe(200);
      const visitor = await fetchPage(t.client(), path);
      const lapsed = await fetchPage(nonMember, path);
      for (const [who, page] of [
        ['visitor before', before],
        ['visitor after', visitor],
        ['non-member', lapsed],
      ] as const) {
        for (const text of paid) expect(page.html, `${path} as ${who}`).not.toContain(text);
        expect(page.html, `${path} as ${who}`).not.toContain('paying@example.com');
      }
      expect(visitor.root, path).toContain('Member Access Required');
      expect(viewerOf(visitor.html), path).toBeNull();
      if (path !== '/my-account') expect(lapsed.root, path).toContain('Subscription required');
      expect(viewerOf(lapsed.html)?.email, path).toBe('lapsed@example.com');
    }
  });

  it('one render serves every member of a kind; each page carries only its own member', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob } = await signedIn(t, 'member', 'bob@example.com');
    const { client: dee, user: deeRow } = await signedIn(t, 'member', 'dee@example.com');
    await t.ctx.db.update(users).set({ oddsFormat: 'decimal' }).where(eq(users.id, deeRow.id));

    for (const path of ['/tips', '/vbg-race-cards', '/value-now']) {
      const first = await fetchPage(ann, path);
      t.clock.advance(2_000);
      const second = await fetchPage(bob, path);
      // Rendered once: Bob's page is the render made for Ann's kind, at Ann's time.
      expect(renderedAt(second), path).toBe(renderedAt(first));
      expect(second.root, path).toBe(first.root);
      expect(viewerOf(second.html)?.email, path).toBe('bob@example.com');
      expect(second.html, path).not.toContain('ann@example.com');
      expect(first.html, path).not.toContain('bob@example.com');
      // Another kind of member (decimal odds) gets a render of their own.
      const decimal = await fetchPage(dee, path);
      expect(renderedAt(decimal), path).not.toBe(renderedAt(first));
      expect(viewerOf(decimal.html)?.email, path).toBe('dee@example.com');
    }
    // The kind shows: decimal prices on Dee's board, fractional on Bob's.
    const bobBoard = textOf((await fetchPage(bob, '/value-now')).root);
    const deeBoard = textOf((await fetchPage(dee, '/value-now')).root);
    expect(bobBoard).toMatch(/Morning (\d+\/\d+|evs) /);
    expect(bobBoard).not.toMatch(/Morning \d+\.\d\d /);
    expect(deeBoard).toMatch(/Morning \d+\.\d\d /);
    // The account page is each member's own, rendered for them.
    const annAccount = await fetchPage(ann, '/my-account');
    expect(annAccount.root).toContain('ann@example.com');
    expect(annAccount.html).not.toContain('bob@example.com');
  });

  it('new tips reach the next member at once: a shared render is never stale', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob } = await signedIn(t, 'member', 'bob@example.com');
    const before = await fetchPage(ann, '/tips');
    expect(before.root).toContain(races[0].horses[0].name);
    await publish(admin, { nap: tipOf(races[0].horses[3].name), confirmShortPrices: true });
    const after = await fetchPage(bob, '/tips');
    expect(after.root).toContain(races[0].horses[3].name);
    expect(after.root).not.toContain(`NAP Best of the day ${races[0].horses[0].name}`);
    expect(renderedAt(after)).not.toBe(renderedAt(before));
  });

  it('a member whose subscription has lapsed is shown the gate, not the kept members’ render', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { user: bobRow } = await signedIn(t, 'member', 'bob@example.com');
    expect((await fetchPage(ann, '/tips')).root).toContain(races[0].horses[0].name);
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date('2026-11-01T00:00:00Z') })
      .where(eq(users.id, bobRow.id));
    // A new session reads the account as it is now (a session's user is cached for a moment).
    const again = t.client();
    expect((await again.post('/api/login', { email: 'bob@example.com', password: 'correct-horse-1' })).status).toBe(
      200,
    );
    const page = await fetchPage(again, '/tips');
    expect(page.root).toContain('Subscription required');
    expect(page.html).not.toContain(races[0].horses[0].name);
  });

  it('keep the query a link gives them: the subscription tab, a runner’s race (rendered for that request)', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const account = await fetchPage(ann, '/my-account?tab=subscription');
    expect(account.status).toBe(200);
    expect(account.root).toMatch(/aria-selected="true"[^>]*>Subscription</);
    // Any other spelling still goes to the page's one address.
    expect((await ann.get('/my-account?tab=other')).headers.get('location')).toBe('/my-account');

    const race = races[1];
    const horse = race.horses[2].name;
    const link = runnerCardUrl({ date: today, time: race.time, course: race.course, horseName: horse });
    const first = await fetchPage(ann, link);
    expect(first.status).toBe(200); // kept as it is, not sent to the bare address
    expect(first.root).toContain('VBG Race Cards');
    expect(first.html).toContain(`${race.time} ${race.course}`);
    t.clock.advance(2_000);
    const again = await fetchPage(ann, link);
    expect(renderedAt(again)).not.toBe(renderedAt(first)); // a link's page is its own render
  });

  it('arrive gzipped for a browser that takes it, each member’s own viewer in the stream, or plain', async () => {
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob } = await signedIn(t, 'member', 'bob@example.com');
    for (const [client, email] of [
      [ann, 'ann@example.com'],
      [bob, 'bob@example.com'],
    ] as const) {
      // fetch asks for gzip and unpacks it, checking the stream's CRC and length.
      const page = await fetchPage(client, '/tips');
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(page.headers.get('vary')).toBe('Cookie, Accept-Encoding');
      expect(viewerOf(page.html)?.email).toBe(email);
      expect(page.html.trimEnd()).toMatch(/<\/html>$/);
      const plain = await client.get('/tips', { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.text).toBe(page.html); // the same kept render, not compressed
    }
  });
});
