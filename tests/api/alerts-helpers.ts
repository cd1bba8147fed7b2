import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { alertsIdle } from '#server/features/alerts/delivery-loop';
import type { AlertSettings } from '#shared/schemas/alerts';
import { nameKey } from '#shared/name-key';
import { watchlist } from '#server/db/schema';
import { PushService, vapidKeys, type TestSubscription } from '../support/push-service';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { setMorning } from './prices-helpers';
import type { HttpClient } from '../support/http-client';

export const VAPID = vapidKeys();
export const VAPID_SUBJECT = 'mailto:alerts@vbg.example';

/**
 * For a test file: a local push service, then an app with VAPID keys that may send to it (and only to
 * it). Before each test the last delivery pass is over, the tables are empty, the push service has
 * received nothing and the clock is Wednesday 25 November 2026, 09:00 London.
 */
export function withAlertsApp(ready: (t: TestApp, push: PushService) => void) {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    push = await new PushService(VAPID.publicKey).start();
    t = await startTestApp({
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT,
      PUSH_SERVICE_HOSTS: push.origin,
    });
    ready(t, push);
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(async () => {
    await alertsIdle(t.ctx);
    await t.reset();
    push.clear();
    setMorning(t);
  });
}

const ALL_OFF: AlertSettings = {
  tipsPublished: false,
  valueReached: false,
  tipNonRunner: false,
  emailDigest: false,
  quietFrom: null,
  quietUntil: null,
};

export async function saveSettings(client: HttpClient, settings: Partial<AlertSettings>) {
  const res = await client.put('/api/alert-settings', { ...ALL_OFF, ...settings });
  expect(res.status, res.text).toBe(200);
}

export async function subscribeDevice(client: HttpClient, push: PushService): Promise<TestSubscription> {
  const device = push.subscribe();
  const res = await client.post('/api/push/subscriptions', { ...device, expirationTime: null });
  expect(res.status, res.text).toBe(200);
  return device;
}

/** A member with these alerts on and, unless `device: false`, one device taking push. */
export async function alertedMember(
  t: TestApp,
  push: PushService,
  email: string,
  settings: Partial<AlertSettings>,
  opts: { device?: boolean } = {},
) {
  const { client, user } = await signedIn(t, 'member', email);
  await saveSettings(client, settings);
  const device = opts.device === false ? null : await subscribeDevice(client, push);
  return { client, user, device };
}

/** Stars a horse for a member (the watch list's own table). */
export async function star(t: TestApp, userId: number, horseName: string) {
  await t.ctx.db
    .insert(watchlist)
    .values({ userId, horseName, horseKey: nameKey(horseName), createdAt: t.clock.now() });
}
