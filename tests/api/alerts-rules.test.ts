import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { valueDownTo } from '#shared/odds-format';
import { RUNNER_LINK_PARAMS } from '#shared/paths';
import { valueField } from '#shared/value-field';
import { readRunnerLink, runnerCardUrl } from '#shared/runner-link';
import { memberAlerts, users } from '#server/db/schema';
import { alertsIdle, runAlertSweep } from '#server/features/alerts/delivery-loop';
import type { PushService } from '../support/push-service';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { alertedMember, star, withAlertsApp } from './alerts-helpers';
import { MORNING, pastePrices, raceCard, TODAY, uploadDay, uploadMorningOdds } from './prices-helpers';
import { afterTheOff, enterResults, resultLine } from './race-results-helpers';
import { publish } from './tips-helpers';

let t: TestApp;
let push: PushService;
withAlertsApp((app, service) => {
  t = app;
  push = service;
});

const alertRows = () => t.ctx.db.select().from(memberAlerts).orderBy(asc(memberAlerts.id));
/** What the analyst's write set going, delivered. */
const delivered = () => alertsIdle(t.ctx);
const TIPS_PUSH = {
  title: 'Today’s tips are out',
  body: 'The NAP, NB and Longshot for Wednesday 25 November 2026 are on the tips page.',
  url: '/tips',
  tag: `tips-${TODAY}-tips`,
};

describe('today’s tips are published', () => {
  it('pushes once a day to each member who asked, whatever the number of uploads; nobody else', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    const bob = await alertedMember(t, push, 'bob@example.com', { valueReached: true, tipNonRunner: true }); // not the tips

    await publish(admin);
    await delivered();
    expect(push.to(ann.device!.endpoint)).toEqual([TIPS_PUSH]);
    expect(push.to(bob.device!.endpoint)).toEqual([]);
    expect(push.refusals).toEqual([]);
    expect(push.received[0].ttl).toBeGreaterThan(0);

    t.clock.advance(20 * 60_000);
    await publish(admin, { nap: 'Changed Mind – 2:10 Ascot' }); // a second upload the same day
    await delivered();
    await runAlertSweep(t.ctx);
    expect(push.to(ann.device!.endpoint)).toHaveLength(1);
    const rows = await alertRows();
    expect(rows.map((r) => [r.userId, r.day, r.kind, r.subject, r.status, r.channel])).toEqual([
      [ann.user.id, TODAY, 'tips', 'tips', 'sent', 'push'],
    ]);
    expect(rows[0].sentAt).not.toBeNull();

    // The next day's tips are that day's alert.
    t.clock.advance(24 * 3600_000);
    await publish((await signedIn(t, 'admin', 'next-day-admin@example.com')).client);
    await delivered();
    expect(push.to(ann.device!.endpoint)).toEqual([
      TIPS_PUSH,
      { ...TIPS_PUSH, body: TIPS_PUSH.body.replace('Wednesday 25', 'Thursday 26'), tag: 'tips-2026-11-26-tips' },
    ]);
  });

  it('with every alert off, or no settings at all, nothing is decided or sent', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const off = await alertedMember(t, push, 'off@example.com', {});
    const { client: never } = await signedIn(t, 'member', 'never@example.com');
    expect((await never.get('/api/alert-settings')).json).toEqual({
      tipsPublished: false,
      valueReached: false,
      tipNonRunner: false,
      emailDigest: false,
      quietFrom: null,
      quietUntil: null,
      pushDevices: 0,
    });
    await publish(admin);
    await delivered();
    await runAlertSweep(t.ctx);
    expect(push.to(off.device!.endpoint)).toEqual([]);
    expect(await alertRows()).toEqual([]);
  });
});

describe('a starred horse reaches its value-down-to price', () => {
  it('alerts once per horse a day, only at that price or better, however many price pastes follow', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    const horse = race.horses[0];
    const ann = await alertedMember(t, push, 'ann@example.com', { valueReached: true });
    const bob = await alertedMember(t, push, 'bob@example.com', { valueReached: true }); // starred nothing
    const cat = await alertedMember(t, push, 'cat@example.com', {}); // starred, alert off
    await star(t, ann.user.id, horse.name.toUpperCase()); // names compare by nameKey
    await star(t, cat.user.id, horse.name);

    // The value-down-to price the members' card shows for the horse.
    const card = await raceCard(ann.client, race);
    const downTo = valueDownTo(
      valueField(card.horses),
      card.horses.findIndex((h) => h.name === horse.name),
    )!;
    expect(downTo).not.toBeNull();
    const shorter = Math.max(1.05, downTo.threshold * 0.8).toFixed(2);

    t.clock.advance(10 * 60_000);
    expect((await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${horse.name} ${shorter}`])).status).toBe(
      200,
    );
    await delivered();
    expect(await alertRows()).toEqual([]);
    expect(push.received).toEqual([]);

    t.clock.advance(10 * 60_000);
    expect(
      (await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${horse.name} ${downTo.decimal.toFixed(2)}`]))
        .status,
    ).toBe(200);
    await delivered();
    const url = runnerCardUrl({ date: TODAY, time: race.time, course: race.course, horseName: horse.name });
    expect(push.to(ann.device!.endpoint)).toEqual([
      {
        title: expect.stringMatching(new RegExp(`^Value: ${horse.name} at `)),
        body: expect.stringMatching(
          new RegExp(
            `^${horse.name} \\(${race.time} ${race.course}\\) is \\S+, at or above its value-down-to price of ${downTo.fractional}\\.$`,
          ),
        ),
        url,
        tag: expect.stringMatching(/^value-2026-11-25-/),
      },
    ]);
    expect(push.to(bob.device!.endpoint)).toEqual([]);
    expect(push.to(cat.device!.endpoint)).toEqual([]);

    // Longer still, twice more, and a sweep: still the one alert.
    for (const price of ['40/1', '50/1']) {
      t.clock.advance(10 * 60_000);
      expect((await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${horse.name} ${price}`])).status).toBe(
        200,
      );
      await delivered();
    }
    await runAlertSweep(t.ctx);
    expect(push.to(ann.device!.endpoint)).toHaveLength(1);
    expect((await alertRows()).map((r) => [r.userId, r.kind, r.status])).toEqual([[ann.user.id, 'value', 'sent']]);
  });

  it('shows the member’s odds format', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    const dee = await alertedMember(t, push, 'dee@example.com', { valueReached: true });
    await t.ctx.db.update(users).set({ oddsFormat: 'decimal' }).where(eq(users.id, dee.user.id));
    await star(t, dee.user.id, race.horses[3].name);
    expect(
      (await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${race.horses[3].name} 100/1`])).status,
    ).toBe(200);
    await delivered();
    const [payload] = push.to(dee.device!.endpoint) as Array<{ title: string; body: string }>;
    expect(payload.title).toBe(`Value: ${race.horses[3].name} at 101.00`);
    expect(payload.body).toMatch(/value-down-to price of \d+\.\d\d\.$/);
  });
});

describe('a starred non-runner', () => {
  it('gets no value alert however long its price, while a starred runner of the same race does', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    const [out, running] = [race.horses[3], race.horses[2]];
    const ann = await alertedMember(t, push, 'ann@example.com', { valueReached: true });
    await star(t, ann.user.id, out.name);
    await star(t, ann.user.id, running.name);
    const marked = await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'wednesday',
      morningOdds: `${out.name}: NR`,
    });
    expect(marked.status, marked.text).toBe(200);
    t.clock.advance(10 * 60_000);
    const pasted = await pastePrices(admin, TODAY, [
      `${race.time} ${race.course}: ${out.name} 100/1, ${running.name} 100/1`,
    ]);
    expect(pasted.status, pasted.text).toBe(200);
    await delivered();
    await runAlertSweep(t.ctx);
    expect((await alertRows()).map((r) => [r.kind, r.title])).toEqual([['value', `Value: ${running.name} at 100/1`]]);
    expect(push.to(ann.device!.endpoint).map((p) => (p as { title: string }).title)).toEqual([
      `Value: ${running.name} at 100/1`,
    ]);
  });
});

describe('a tip becomes a non-runner', () => {
  it('alerts for a tipped horse marked NR by the morning odds, or in the results; never for an untipped one', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    const [first, second] = sample;
    await publish(admin, {
      nap: `${first.horses[1].name} – ${first.time} ${first.course}`,
      nb: `${second.horses[4].name} – ${second.time} ${second.course}`,
      longshot: `${second.horses[3].name} – ${second.time} ${second.course}`,
    });
    const ann = await alertedMember(t, push, 'ann@example.com', { tipNonRunner: true });
    const bob = await alertedMember(t, push, 'bob@example.com', { tipsPublished: true });

    // Stage 3's morning-odds text: an untipped horse and the NAP are non-runners.
    const res = await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'wednesday',
      morningOdds: `${first.horses[0].name}: NR\n${first.horses[1].name}: NR`,
    });
    expect(res.status, res.text).toBe(200);
    await delivered();
    const cardUrl = (race: typeof first, i: number) =>
      runnerCardUrl({ date: TODAY, time: race.time, course: race.course, horseName: race.horses[i].name });
    expect(push.to(ann.device!.endpoint)).toEqual([
      {
        title: `Non-runner: ${first.horses[1].name}`,
        body: `Today’s NAP ${first.horses[1].name} (${first.time} ${first.course}) is a non-runner.`,
        url: cardUrl(first, 1),
        tag: expect.stringMatching(/^non_runner-2026-11-25-/),
      },
    ]);

    // After its off, the results paste lists the NB as a non-runner.
    t.clock.set(afterTheOff(TODAY, second.time));
    const { client: analyst } = await signedIn(t, 'admin', 'analyst@example.com');
    expect((await enterResults(analyst, TODAY, [resultLine(second, [0, 1, 2], [4])])).status).toBe(200);
    await delivered();
    expect(push.to(ann.device!.endpoint).map((p) => (p as { title: string }).title)).toEqual([
      `Non-runner: ${first.horses[1].name}`,
      `Non-runner: ${second.horses[4].name}`,
    ]);
    const opened = new URL((push.to(ann.device!.endpoint)[1] as { url: string }).url, t.baseUrl);
    expect(opened.pathname + opened.search).toBe(cardUrl(second, 4));
    // The race cards read exactly this address back to the runner.
    expect([...opened.searchParams.keys()]).toEqual([...RUNNER_LINK_PARAMS]);
    expect(readRunnerLink(opened.searchParams)).toEqual({
      date: TODAY,
      time: second.time,
      course: second.course,
      horseName: second.horses[4].name,
    });
    expect(push.to(bob.device!.endpoint)).toEqual([]);

    // Marked again: no second alert.
    expect(
      (
        await analyst.post('/api/vbg-race-cards/morning-odds', {
          tabType: 'wednesday',
          morningOdds: `${first.horses[1].name}: NR`,
        })
      ).status,
    ).toBe(200);
    await delivered();
    expect(push.to(ann.device!.endpoint)).toHaveLength(2);
  });
});

describe('quiet hours', () => {
  it('hold an alert that arises in them and deliver it when they end', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', {
      tipsPublished: true,
      quietFrom: '08:00',
      quietUntil: '10:00',
    });
    await publish(admin); // 09:00
    await delivered();
    expect(push.received).toEqual([]);
    expect((await alertRows()).map((r) => r.status)).toEqual(['pending']);

    t.clock.set(new Date(`${TODAY}T09:59:00Z`));
    await runAlertSweep(t.ctx);
    expect(push.received).toEqual([]);

    t.clock.set(new Date(`${TODAY}T10:00:00Z`));
    await runAlertSweep(t.ctx);
    expect(push.to(ann.device!.endpoint)).toEqual([TIPS_PUSH]);
    await runAlertSweep(t.ctx);
    expect(push.received).toHaveLength(1);
    expect((await alertRows()).map((r) => [r.status, r.channel])).toEqual([['sent', 'push']]);
  });

  it('an alert still held when its London day is over is dropped, not sent the next morning', async () => {
    t.clock.set(new Date(`${TODAY}T23:00:00Z`)); // 23:00 London, GMT
    const { client: admin } = await signedIn(t, 'admin');
    await alertedMember(t, push, 'ann@example.com', { tipsPublished: true, quietFrom: '22:00', quietUntil: '07:00' });
    await publish(admin);
    await delivered();
    t.clock.set(new Date('2026-11-26T07:30:00Z'));
    await runAlertSweep(t.ctx);
    expect(push.received).toEqual([]);
    expect((await alertRows()).map((r) => [r.day, r.status])).toEqual([[TODAY, 'dropped']]);
  });
});

describe('only members get alerts', () => {
  it('a lapsed member gets nothing; a member in a failed payment’s grace period still does', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const lapsed = await alertedMember(t, push, 'lapsed@example.com', { tipsPublished: true });
    const grace = await alertedMember(t, push, 'grace@example.com', { tipsPublished: true });
    const now = t.clock.now();
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(now.getTime() - 86400_000) })
      .where(eq(users.id, lapsed.user.id));
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'past_due', paymentFailedAt: new Date(now.getTime() - 86400_000) })
      .where(eq(users.id, grace.user.id));
    await publish(admin);
    await delivered();
    expect(push.to(lapsed.device!.endpoint)).toEqual([]);
    expect(push.to(grace.device!.endpoint)).toEqual([TIPS_PUSH]);
    expect((await alertRows()).map((r) => r.userId)).toEqual([grace.user.id]);
  });

  it('a member whose subscription ends while an alert is held gets nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', {
      tipsPublished: true,
      quietFrom: '08:00',
      quietUntil: '10:00',
    });
    await publish(admin);
    await delivered();
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(`${TODAY}T09:30:00Z`) })
      .where(eq(users.id, ann.user.id));
    t.clock.set(new Date(`${TODAY}T10:00:00Z`));
    await runAlertSweep(t.ctx);
    expect(push.received).toEqual([]);
    expect((await alertRows()).map((r) => r.status)).toEqual(['dropped']);
  });

  it('visitors and accounts without a subscription cannot use the alert routes', async () => {
    const visitor = t.client();
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const device = push.subscribe();
    const calls = [
      (c: typeof visitor) => c.get('/api/push/public-key'),
      (c: typeof visitor) => c.post('/api/push/subscriptions', device),
      (c: typeof visitor) => c.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint }),
      (c: typeof visitor) => c.get('/api/alert-settings'),
      (c: typeof visitor) =>
        c.put('/api/alert-settings', {
          tipsPublished: true,
          valueReached: false,
          tipNonRunner: false,
          emailDigest: false,
          quietFrom: null,
          quietUntil: null,
        }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).status).toBe(401);
      expect((await call(nonMember)).status).toBe(403);
    }
    expect(await alertRows()).toEqual([]);
  });
});

describe('keeping', () => {
  it('a sweep deletes alerts decided more than 30 days ago, and keeps younger ones', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    await publish(admin);
    await delivered();
    t.clock.advance(29 * 86400_000);
    const { client: later } = await signedIn(t, 'admin', 'later@example.com');
    await publish(later);
    await delivered();
    expect((await alertRows()).map((r) => r.day)).toEqual([TODAY, '2026-12-24']);
    t.clock.advance(2 * 86400_000); // the first is 31 days old, the second 2
    await runAlertSweep(t.ctx);
    expect((await alertRows()).map((r) => r.day)).toEqual(['2026-12-24']);
  });
});
