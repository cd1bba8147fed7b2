import { beforeEach, describe, expect, it } from 'vitest';
import { formatLongDay, londonDate } from '#shared/london-time';
import { uploadTodaysCards } from '../fixtures/race-day';
import { JOINING } from '../support/consent';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { withPagesApp } from '../support/web-build';
import { postForm } from './no-javascript-helpers';
import { fetchPage, renderedAt } from './ssr-helpers';

// A server render is a function of its data: the days a page shows come from what it read (the
// answer's own time, the payment's date), never from the machine's clock at render. The app's
// clock is set years away from the machine's, so a render that read `new Date()` would show the
// machine's day, and the browser's hydration (another clock) could disagree with the HTML.
let t: TestApp;
withPagesApp((app) => (t = app));
beforeEach(async () => {
  await t.reset();
  // Wednesday 12 March 2031, far from any machine's today.
  t.clock.set(new Date('2031-03-12T10:00:00Z'));
});

const DAY = '2031-03-12';
const machineDay = () => formatLongDay(londonDate(new Date()));

describe('server renders show the days of their data, not the wall clock', () => {
  it("the race cards' heading names the day the cards were read on", async () => {
    await uploadTodaysCards(t, 7);
    const { client: member } = await signedIn(t, 'member');
    const cards = await fetchPage(member, '/vbg-race-cards');
    expect(cards.status).toBe(200);
    expect(renderedAt(cards).slice(0, 10)).toBe(DAY);
    const heading = /VBG Race Cards<\/h1><p[^>]*>([^<]*)<\/p>/.exec(cards.root)?.[1];
    expect(heading).toBe(formatLongDay(DAY));
    expect(cards.root).not.toContain(machineDay());
  });

  it("the payment-success page's start date is the day of the payment, whenever the page is opened", async () => {
    const started = await t.client().post('/api/create-checkout-session', { email: 'buyer@example.com', ...JOINING });
    const path = new URL(started.json.url as string).pathname;
    expect((await postForm(t, t.client(), `${path}/complete`, {})).status).toBe(303);
    const sessionId = path.split('/').pop()!;

    // Opened again three days later: still the day it was paid, not the day of the render.
    t.clock.advance(3 * 24 * 3600_000);
    const page = await fetchPage(t.client(), `/payment-success?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    expect(renderedAt(page).slice(0, 10)).toBe('2031-03-15');
    expect(/Start date<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(page.root)?.[1]).toBe('12 March 2031');
  });
});
