import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUSH_ENDPOINT_REFUSED } from '#shared/alerts';
import type { MyDataExport } from '#shared/schemas/account';
import { alertSettings, memberAlerts, outbox, pushSubscriptions, users } from '#server/db/schema';
import { loadConfig } from '#server/env';
import { alertTotals, alertsIdle, runAlertSweep } from '#server/features/alerts/delivery-loop';
import { PUSH_CONCURRENCY } from '#server/features/alerts/push-round';
import { PUSH_ENDPOINT_TAKEN, PUSH_OFF } from '#server/features/alerts/subscriptions';
import type { PushService } from '../support/push-service';
import { describeOnPostgres } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import {
  VAPID,
  VAPID_SUBJECT,
  alertedMember,
  saveSettings,
  star,
  withAlertsApp,
  subscribeDevice,
} from './alerts-helpers';
import { MORNING, TODAY, pastePrices, setMorning, uploadDay, uploadMorningOdds } from './prices-helpers';
import { publish } from './tips-helpers';

let t: TestApp;
let push: PushService;
withAlertsApp((app, service) => {
  t = app;
  push = service;
});

const devices = () => t.ctx.db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.id));
const alertRows = () => t.ctx.db.select().from(memberAlerts).orderBy(asc(memberAlerts.id));

describe('push subscriptions', () => {
  it('answers the VAPID public key the browser subscribes with', async () => {
    const { client } = await signedIn(t, 'member');
    const res = await client.get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      enabled: true,
      publicKey: VAPID.publicKey,
      message: 'Alerts on devices are available.',
    });
  });

  it('subscribe, subscribe again; another member posting the endpoint is refused and changes nothing; delete only one’s own', async () => {
    const { client: ann, user: annUser } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob, user: bobUser } = await signedIn(t, 'member', 'bob@example.com');
    const device = push.subscribe();
    const res = await ann.post('/api/push/subscriptions', device, {
      'user-agent': 'Mozilla/5.0 (Android 14) Chrome/131',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Alerts are on for this device.' });
    expect((await devices()).map((d) => [d.userId, d.endpoint, d.p256dh, d.auth, d.userAgent])).toEqual([
      [annUser.id, device.endpoint, device.keys.p256dh, device.keys.auth, 'Mozilla/5.0 (Android 14) Chrome/131'],
    ]);
    expect(((await ann.get('/api/alert-settings')).json as { pushDevices: number }).pushDevices).toBe(1);

    // The browser re-subscribes (new keys): still one row, Ann's, with the new keys.
    const renewed = { ...device, keys: push.subscribe().keys };
    expect((await ann.post('/api/push/subscriptions', renewed)).status).toBe(200);
    expect((await devices()).map((d) => [d.userId, d.p256dh])).toEqual([[annUser.id, renewed.keys.p256dh]]);
    const before = await devices();

    // Bob learns Ann's endpoint and posts it with keys of his own: refused, the device stays Ann's.
    const taken = await bob.post('/api/push/subscriptions', { ...device, keys: push.subscribe().keys });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: PUSH_ENDPOINT_TAKEN, code: 'endpoint_taken' });
    expect(await devices()).toEqual(before);
    expect(((await bob.get('/api/alert-settings')).json as { pushDevices: number }).pushDevices).toBe(0);

    // Bob cannot remove Ann's device; Ann can, and then the endpoint is free for Bob.
    const notHis = await bob.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(notHis.status).toBe(404);
    expect(await devices()).toEqual(before);
    const hers = await ann.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(hers.status).toBe(200);
    expect(hers.json).toEqual({ success: true, message: 'Alerts are off for this device.' });
    expect(await devices()).toEqual([]);
    expect((await bob.post('/api/push/subscriptions', renewed)).status).toBe(200);
    expect((await devices()).map((d) => d.userId)).toEqual([bobUser.id]);
  });

  it('signing out with the device’s endpoint frees it for the next member; another member’s sign-out frees nothing', async () => {
    const { client: ann, user: annUser } = await signedIn(t, 'member', 'ann@example.com');
    const { client: bob, user: bobUser } = await signedIn(t, 'member', 'bob@example.com');
    const device = push.subscribe();
    expect((await ann.post('/api/push/subscriptions', device)).status).toBe(200);
    // Bob signing out naming Ann's endpoint does not free it.
    expect((await bob.post('/api/logout', { pushEndpoint: device.endpoint })).status).toBe(200);
    expect((await devices()).map((d) => d.userId)).toEqual([annUser.id]);
    // Ann signs out on the device: the endpoint is free, and Bob, signed in there next, takes it.
    expect((await ann.post('/api/logout', { pushEndpoint: device.endpoint })).status).toBe(200);
    expect(await devices()).toEqual([]);
    const bobAgain = t.client();
    expect((await bobAgain.post('/api/login', { email: 'bob@example.com', password: PASSWORD })).status).toBe(200);
    expect((await bobAgain.post('/api/push/subscriptions', device)).status).toBe(200);
    expect((await devices()).map((d) => d.userId)).toEqual([bobUser.id]);
    // A sign-out without an endpoint, or with one that is not text, still signs out.
    expect((await bobAgain.post('/api/logout', { pushEndpoint: 42 })).status).toBe(200);
    expect((await bobAgain.get('/api/auth/user')).status).toBe(401);
    expect((await devices()).map((d) => d.userId)).toEqual([bobUser.id]);
  });

  it('keeps a member’s ten newest devices', async () => {
    const { client } = await signedIn(t, 'member');
    const added = [];
    for (let i = 0; i < 11; i++) added.push(await subscribeDevice(client, push));
    expect((await devices()).map((d) => d.endpoint)).toEqual(added.slice(1).map((d) => d.endpoint));
  });

  it('refuses an endpoint off the allowed push services with a clear 400, and a malformed subscription, writing nothing', async () => {
    const { client } = await signedIn(t, 'member');
    const { keys } = push.subscribe();
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://169.254.169.254/latest/meta-data',
      `${push.origin.replace(/:\d+$/, ':1')}/push/1`,
      'https://fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await client.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.json).toEqual({ message: PUSH_ENDPOINT_REFUSED });
    }
    for (const body of [
      {},
      { endpoint: 'not a url', keys },
      { endpoint: `${push.origin}/push/x`, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: `${push.origin}/push/x` },
    ]) {
      const res = await client.post('/api/push/subscriptions', body);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    expect(await devices()).toEqual([]);
  });

  it('removes a device whose push service answers 410 or 404, and still reaches the member’s others', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    const gone = await subscribeDevice(ann.client, push);
    const lost = await subscribeDevice(ann.client, push);
    push.expire(gone.endpoint, 410);
    push.expire(lost.endpoint, 404);
    await publish(admin);
    await alertsIdle(t.ctx);
    expect(push.to(ann.device!.endpoint)).toHaveLength(1);
    expect((await devices()).map((d) => d.endpoint)).toEqual([ann.device!.endpoint]);
    expect((await devices())[0].lastSentAt).not.toBeNull();
    expect((await alertRows()).map((r) => [r.status, r.channel])).toEqual([['sent', 'push']]);
  });

  it('keeps an alert pending when the push service fails otherwise, and sends it on a later sweep', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    await push.close(); // the push service is down
    await publish(admin);
    await alertsIdle(t.ctx);
    expect((await alertRows()).map((r) => [r.status, r.channel])).toEqual([['pending', 'push']]);
    expect(await devices()).toHaveLength(1); // not gone: only unreachable
    await push.listenAgain();
    await runAlertSweep(t.ctx);
    expect(push.to(ann.device!.endpoint)).toHaveLength(1);
    expect((await alertRows()).map((r) => r.status)).toEqual(['sent']);
  });

  it('a device its push service rate-limits (429) is kept and its alert retried; another member’s push goes in the same pass', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    const bob = await alertedMember(t, push, 'bob@example.com', { tipsPublished: true });
    push.throttle(ann.device!.endpoint);
    await publish(admin);
    await alertsIdle(t.ctx);
    expect(push.to(bob.device!.endpoint)).toHaveLength(1);
    expect(push.to(ann.device!.endpoint)).toEqual([]);
    expect(push.refusals).toContain('too many requests');
    expect(await devices()).toHaveLength(2); // rate-limited is not gone
    expect((await alertRows()).map((r) => r.status).sort()).toEqual(['pending', 'sent']);
    push.unthrottle(ann.device!.endpoint);
    await runAlertSweep(t.ctx);
    expect(push.to(ann.device!.endpoint)).toHaveLength(1);
    expect(push.to(bob.device!.endpoint)).toHaveLength(1); // not twice
    expect((await alertRows()).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('an alert whose push kept failing is marked failed, not dropped, from the first instant of the next London day', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
    const cat = await signedIn(t, 'member', 'cat@example.com');
    await saveSettings(cat.client, { tipsPublished: true });
    /** Each alert's status by whose it is. */
    const statuses = async () =>
      Object.fromEntries((await alertRows()).map((r) => [r.userId === ann.user.id ? 'ann' : 'cat', r.status]));
    await push.close(); // the push service is down all day
    await publish(admin);
    await alertsIdle(t.ctx);
    // Cat has no device and no digest: hers is dropped at once. Ann's push was tried.
    expect(await statuses()).toEqual({ ann: 'pending', cat: 'dropped' });
    expect((await alertRows()).find((r) => r.userId === ann.user.id)?.channel).toBe('push');
    t.clock.set(new Date(`${TODAY}T23:59:00Z`)); // still the 25th in London
    await runAlertSweep(t.ctx);
    expect(await statuses()).toEqual({ ann: 'pending', cat: 'dropped' });
    t.clock.set(new Date('2026-11-26T00:00:00Z')); // the next London day's first instant
    await runAlertSweep(t.ctx);
    expect(await statuses()).toEqual({ ann: 'failed', cat: 'dropped' });
    await push.listenAgain();
  });
});

describe('many devices', () => {
  it('sends several pushes at once, never more than PUSH_CONCURRENCY, and records every delivery at one instant', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const members = [];
    for (const email of ['ann@example.com', 'bob@example.com', 'cat@example.com']) {
      const member = await alertedMember(t, push, email, { tipsPublished: true });
      for (let i = 0; i < 3; i++) await subscribeDevice(member.client, push);
      members.push(member);
    }
    expect(await devices()).toHaveLength(12);
    push.answerAfterMs = 100; // each push takes a while: a pass that sent one at a time would take 1.2 s
    await publish(admin);
    await alertsIdle(t.ctx);
    expect(push.received).toHaveLength(12);
    expect(push.refusals).toEqual([]);
    expect(push.mostInFlight).toBeGreaterThan(1);
    expect(push.mostInFlight).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    // One write for the round: every device's last push and every alert's sending share one instant.
    const at = new Set((await devices()).map((d) => d.lastSentAt?.toISOString()));
    expect([...at]).toHaveLength(1);
    expect([...at][0]).toBeDefined();
    const rows = await alertRows();
    expect(rows.map((r) => [r.status, r.channel])).toEqual(members.map(() => ['sent', 'push']));
    expect(new Set(rows.map((r) => r.sentAt?.toISOString()))).toEqual(at);
  });
});

// Several instances share one database only on PostgreSQL (PGlite is one process's database).
describeOnPostgres('several instances', () => {
  const startOther = async () => {
    const other = await startTestApp({
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT,
      PUSH_SERVICE_HOSTS: push.origin,
    });
    setMorning(other);
    return other;
  };

  it('a price pasted on one instance has the other decide the value alert at once, and each push goes once', async () => {
    const other = await startOther(); // the same worker database as `t` (starting it empties the tables: first)
    try {
      const { client: admin } = await signedIn(t, 'admin');
      const sample = await uploadDay(admin);
      await uploadMorningOdds(admin, sample, MORNING);
      const [race] = sample;
      const ann = await alertedMember(t, push, 'ann@example.com', { valueReached: true });
      const bob = await alertedMember(t, push, 'bob@example.com', { valueReached: true });
      await star(t, ann.user.id, race.horses[3].name);
      await star(t, bob.user.id, race.horses[2].name);
      await Promise.all([alertsIdle(t.ctx), alertsIdle(other.ctx)]);
      expect(await alertRows()).toEqual([]);

      // The instance written to (t) is already in tomorrow: it finds no cards of its day to alert on, so
      // the alert is the other instance's decision, made on hearing t's notice, and its delivery.
      t.clock.set(new Date('2026-11-26T09:00:00Z'));
      const { client: tomorrowsAdmin } = await signedIn(t, 'admin', 'admin2@example.com'); // a session of t's day
      const pushedBefore = [alertTotals(t.ctx).pushed, alertTotals(other.ctx).pushed];
      const first = await pastePrices(tomorrowsAdmin, TODAY, [
        `${race.time} ${race.course}: ${race.horses[3].name} 100/1`,
      ]);
      expect(first.status, first.text).toBe(200);
      await Promise.all([alertsIdle(t.ctx), alertsIdle(other.ctx)]);
      expect(push.to(ann.device!.endpoint)).toHaveLength(1);
      expect([alertTotals(t.ctx).pushed, alertTotals(other.ctx).pushed]).toEqual([
        pushedBefore[0],
        pushedBefore[1] + 1,
      ]);

      // Both in the same day: both decide the next change together; the alert is recorded once and pushed once.
      setMorning(t);
      t.clock.advance(10 * 60_000);
      other.clock.advance(10 * 60_000);
      push.answerAfterMs = 100; // whichever delivers is still sending while the other looks
      const second = await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${race.horses[2].name} 100/1`]);
      expect(second.status, second.text).toBe(200);
      await Promise.all([alertsIdle(t.ctx), alertsIdle(other.ctx)]);
      await Promise.all([runAlertSweep(t.ctx), runAlertSweep(other.ctx)]);
      expect(push.to(bob.device!.endpoint)).toHaveLength(1);
      expect(push.to(ann.device!.endpoint)).toHaveLength(1);
      expect((await alertRows()).map((r) => [r.userId, r.status])).toEqual([
        [ann.user.id, 'sent'],
        [bob.user.id, 'sent'],
      ]);
    } finally {
      await other.close();
    }
  });

  it('an alert decided while another instance delivers is delivered by that instance once it lets go', async () => {
    const other = await startOther();
    try {
      const ann = await alertedMember(t, push, 'ann@example.com', { tipsPublished: true });
      const bob = await alertedMember(t, push, 'bob@example.com', { valueReached: true });
      const pending = (userId: number, subject: string) => ({
        userId,
        day: TODAY,
        kind: 'value',
        subject,
        title: `Value: ${subject}`,
        body: `${subject} is value.`,
        url: '/value-now',
        status: 'pending',
        createdAt: t.clock.now(),
      });
      await t.ctx.db.insert(memberAlerts).values(pending(ann.user.id, 'first horse'));
      push.answerAfterMs = 300;
      const delivering = runAlertSweep(t.ctx); // t takes the delivery lock and is pushing Ann's alert
      await expect.poll(() => push.inFlight, { timeout: 5_000, interval: 5 }).toBe(1);
      // Meanwhile Bob's alert is recorded and the other instance's pass finds the lock taken: it skips.
      await t.ctx.db.insert(memberAlerts).values(pending(bob.user.id, 'second horse'));
      await runAlertSweep(other.ctx);
      expect(push.to(bob.device!.endpoint)).toEqual([]);
      // t looks again once it lets go, and delivers Bob's too: nobody waits for the next sweep.
      await delivering;
      expect(push.to(ann.device!.endpoint)).toHaveLength(1);
      expect(push.to(bob.device!.endpoint)).toHaveLength(1);
      expect((await alertRows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    } finally {
      await other.close();
    }
  });

  it('two instances on one database, sweeping together, deliver a held alert once', async () => {
    const other = await startOther();
    try {
      const { client: admin } = await signedIn(t, 'admin');
      const ann = await alertedMember(t, push, 'ann@example.com', {
        tipsPublished: true,
        quietFrom: '08:00',
        quietUntil: '10:00',
      });
      await publish(admin);
      await alertsIdle(t.ctx);
      for (const app of [t, other]) app.clock.set(new Date(`${TODAY}T10:00:00Z`));
      push.answerAfterMs = 300; // each pass is still sending when the other reads what is pending
      await Promise.all([
        runAlertSweep(t.ctx),
        runAlertSweep(other.ctx),
        runAlertSweep(other.ctx),
        runAlertSweep(t.ctx),
      ]);
      await Promise.all([runAlertSweep(t.ctx), runAlertSweep(other.ctx)]);
      expect(push.to(ann.device!.endpoint)).toHaveLength(1);
      expect((await alertRows()).map((r) => r.status)).toEqual(['sent']);
    } finally {
      await other.close();
    }
  });
});

describe('the e-mail digest, for members without push', () => {
  it('lists several alerts in one outbox message, then gathers what follows for an hour', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    const [race] = sample;
    const ann = await alertedMember(
      t,
      push,
      'ann@example.com',
      { tipsPublished: true, tipNonRunner: true, emailDigest: true },
      { device: false },
    );
    const nap = race.horses[2].name;
    expect(
      (await admin.post('/api/vbg-race-cards/morning-odds', { tabType: 'wednesday', morningOdds: `${nap}: NR` }))
        .status,
    ).toBe(200);
    // The non-runner line is decided (nothing due yet: no tips) before the tips go out, as on a
    // real morning; otherwise its late decision could be the first to see the published tip.
    await alertsIdle(t.ctx);
    await publish(admin, { nap: `${nap} – ${race.time} ${race.course}` }); // the tips and a tip already a non-runner
    await alertsIdle(t.ctx);

    const mail = await t.ctx.db.select().from(outbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: 'alerts',
      recipient: 'ann@example.com',
      status: 'queued',
      subject: 'VBG alerts: 2 for Wednesday 25 November 2026',
    });
    expect(mail[0].text).toContain('Today’s tips are out');
    expect(mail[0].text).toContain(`Non-runner: ${nap}`);
    expect(mail[0].text).toContain('/vbg-race-cards?date=2026-11-25');
    expect(mail[0].text).toContain('Unsubscribe');
    expect((await alertRows()).map((r) => [r.kind, r.status, r.channel])).toEqual([
      ['tips', 'sent', 'email'],
      ['non_runner', 'sent', 'email'],
    ]);
    expect(push.received).toEqual([]);

    // Another non-runner 20 minutes on waits for the hour since the last digest.
    t.clock.advance(20 * 60_000);
    const { client: admin2 } = await signedIn(t, 'admin', 'admin2@example.com');
    await publish(admin2, { nb: `${race.horses[3].name} – ${race.time} ${race.course}` });
    expect(
      (
        await admin2.post('/api/vbg-race-cards/morning-odds', {
          tabType: 'wednesday',
          morningOdds: `${race.horses[3].name}: NR`,
        })
      ).status,
    ).toBe(200);
    await alertsIdle(t.ctx);
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(1);
    t.clock.advance(40 * 60_000);
    await runAlertSweep(t.ctx);
    const later = await t.ctx.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(later).toHaveLength(2);
    expect(later[1].subject).toBe(`VBG alert: Non-runner: ${race.horses[3].name}`);
    expect(ann.device).toBeNull();
  });

  it('sends no digest to a member who opted out of member e-mails or paused them, or who did not ask for it', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const out = await alertedMember(
      t,
      push,
      'out@example.com',
      { tipsPublished: true, emailDigest: true },
      { device: false },
    );
    const paused = await alertedMember(
      t,
      push,
      'paused@example.com',
      { tipsPublished: true, emailDigest: true },
      { device: false },
    );
    await alertedMember(t, push, 'nodigest@example.com', { tipsPublished: true }, { device: false });
    await t.ctx.db.update(users).set({ emailOptOut: true }).where(eq(users.id, out.user.id));
    await t.ctx.db
      .update(users)
      .set({ emailPausedUntil: new Date('2026-12-01T00:00:00Z') })
      .where(eq(users.id, paused.user.id));
    await publish(admin);
    await alertsIdle(t.ctx);
    expect(await t.ctx.db.select().from(outbox)).toEqual([]);
    expect((await alertRows()).map((r) => r.status)).toEqual(['dropped', 'dropped', 'dropped']);
  });
});

describe('alert settings', () => {
  it('saves and reads back the whole set; refuses half quiet hours and bad times', async () => {
    const { client } = await signedIn(t, 'member');
    const res = await client.put('/api/alert-settings', {
      tipsPublished: true,
      valueReached: true,
      tipNonRunner: false,
      emailDigest: true,
      quietFrom: '22:30',
      quietUntil: '07:00',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Your alert settings are saved.');
    expect((await client.get('/api/alert-settings')).json).toEqual({
      tipsPublished: true,
      valueReached: true,
      tipNonRunner: false,
      emailDigest: true,
      quietFrom: '22:30',
      quietUntil: '07:00',
      pushDevices: 0,
    });
    for (const bad of [
      { quietFrom: '22:30', quietUntil: null },
      { quietFrom: '25:00', quietUntil: '07:00' },
      { quietFrom: '07:00', quietUntil: '07:00' },
      { tipsPublished: 'yes' },
      { extra: true },
    ]) {
      const refused = await client.put('/api/alert-settings', {
        tipsPublished: false,
        valueReached: false,
        tipNonRunner: false,
        emailDigest: false,
        quietFrom: null,
        quietUntil: null,
        ...bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.ctx.db.select().from(alertSettings))[0]).toMatchObject({ tipsPublished: true, quietFrom: '22:30' });
  });
});

describe('my data and account deletion', () => {
  it('the data download carries the alert settings, devices and alerts; deleting the account removes them', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const ann = await alertedMember(t, push, 'ann@example.com', {
      tipsPublished: true,
      quietFrom: '22:00',
      quietUntil: '06:00',
    });
    const bob = await alertedMember(t, push, 'bob@example.com', { tipsPublished: true });
    await publish(admin);
    await alertsIdle(t.ctx);
    const data = (await ann.client.get('/api/my-data')).json as MyDataExport;
    expect(data.alerts.settings).toMatchObject({
      tipsPublished: true,
      valueReached: false,
      tipNonRunner: false,
      emailDigest: false,
      quietFrom: '22:00',
      quietUntil: '06:00',
    });
    expect(data.alerts.pushDevices).toEqual([
      {
        pushService: new URL(push.origin).host,
        userAgent: expect.any(String),
        addedAt: expect.any(String),
        lastSentAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(data)).not.toContain(ann.device!.keys.auth); // the device's secrets stay out
    expect(JSON.stringify(data)).not.toContain(ann.device!.endpoint);
    expect(data.alerts.sent).toEqual([
      expect.objectContaining({
        day: TODAY,
        kind: 'tips',
        title: 'Today’s tips are out',
        status: 'sent',
        channel: 'push',
      }),
    ]);

    const res = await ann.client.request('DELETE', '/api/my-account', { password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    const left = async (table: typeof alertSettings | typeof pushSubscriptions | typeof memberAlerts) =>
      (await t.ctx.db.select({ userId: table.userId }).from(table)).map((r) => r.userId);
    expect(await left(alertSettings)).toEqual([bob.user.id]);
    expect(await left(pushSubscriptions)).toEqual([bob.user.id]);
    expect(await left(memberAlerts)).toEqual([bob.user.id]);
  });
});

describe('without VAPID keys', () => {
  it('push is off and says so; subscribing is refused; the e-mail digest still goes', async () => {
    const plain = await startTestApp();
    try {
      const { client } = await signedIn(plain, 'member');
      const key = await client.get('/api/push/public-key');
      expect(key.status).toBe(200);
      expect(key.json).toEqual({ enabled: false, publicKey: null, message: PUSH_OFF });
      const res = await client.post('/api/push/subscriptions', push.subscribe());
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: PUSH_OFF });
      await saveSettings(client, { tipsPublished: true, emailDigest: true });
      const { client: admin } = await signedIn(plain, 'admin');
      await publish(admin);
      await alertsIdle(plain.ctx);
      expect((await plain.ctx.db.select().from(outbox)).map((m) => m.kind)).toEqual(['alerts']);
    } finally {
      await plain.close();
    }
  });

  it('a partial VAPID configuration fails at start, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: VAPID.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: required when any of[\s\S]*VAPID_SUBJECT: required/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be the base64url public key/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: 'alerts@vbg.example',
      }),
    ).toThrow(/VAPID_SUBJECT: must be a mailto:/);
    expect(() => loadConfig({ NODE_ENV: 'test', PUSH_SERVICE_HOSTS: 'https://x/path' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT,
      }).PUSH_SERVICE_HOSTS,
    ).toEqual(['fcm.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com']);
  });
});
