import { and, desc, eq, notInArray } from 'drizzle-orm';
import { PUSH_ENDPOINT_REFUSED, pushEndpointAllowed } from '#shared/alerts';
import type { pushSubscriptionBody } from '#shared/schemas/alerts';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { pushSubscriptions } from '#server/db/schema';
import { HttpError, badRequest, notFound } from '#server/http/errors';

export const PUSH_OFF =
  'Alerts on devices are not available on this site yet (no Web Push keys are configured). You can still have them by e-mail.';
const USER_AGENT_MAX = 300;
/** Devices kept per member: a new one past this replaces the one subscribed longest ago. */
const MAX_DEVICES = 10;

/** Another member posted an endpoint that is already bound to someone: refused, nothing changed. */
export const PUSH_ENDPOINT_TAKEN =
  'This device already takes alerts for another account, so alerts were not turned on. That account signs out on this device or turns its alerts off first; or turn alerts on again here to subscribe afresh.';

/**
 * Keeps a browser's push subscription for the signed-in member. The endpoint must be on a known
 * push service (PUSH_SERVICE_HOSTS), since the server will POST to it. One row per endpoint, bound
 * to the member who registered it: that member may post it again (a browser renewing its keys),
 * another member posting it is refused with 409 and nothing changes, so knowing someone's endpoint
 * never moves their device's alerts. It is free again once its member turns alerts off on it or
 * signs out there (freeDeviceOnSignOut), or once the push service says it is gone. A member keeps
 * their MAX_DEVICES newest devices (each alert is sent to each, so the number is bounded).
 */
export async function subscribePush(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof pushSubscriptionBody>,
  userAgent: string,
) {
  if (!ctx.config.VAPID_PUBLIC_KEY) throw new HttpError(409, PUSH_OFF);
  if (!pushEndpointAllowed(body.endpoint, ctx.config.PUSH_SERVICE_HOSTS)) throw badRequest(PUSH_ENDPOINT_REFUSED);
  const now = ctx.clock.now();
  const values = {
    userId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
  };
  const saved = await ctx.db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint: body.endpoint, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: now, lastSentAt: null },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) throw new HttpError(409, PUSH_ENDPOINT_TAKEN, { code: 'endpoint_taken' });
  const kept = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES);
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  return { success: true as const, message: 'Alerts are on for this device.' };
}

/** Forgets one of the member's own devices (another member's endpoint is not theirs to remove). */
export async function unsubscribePush(ctx: AppContext, userId: number, endpoint: string) {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('This device has no alerts turned on for your account.');
  return { success: true as const, message: 'Alerts are off for this device.' };
}

/** Signing out on a device frees its endpoint, if it was the signed-out member's (anyone else's is left alone). */
export async function freeDeviceOnSignOut(ctx: AppContext, userId: number, endpoint: string) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}
