import { inArray } from 'drizzle-orm';
import type { PushPayload } from '#shared/alerts';
import type { AppContext } from '#server/context';
import { memberAlerts, pushSubscriptions } from '#server/db/schema';
import type { PushOutcome, PushSender } from '#server/providers/push';
import { runBounded } from '#server/run-bounded';

/**
 * How many pushes a delivery pass has in flight at once: enough that thousands of devices are
 * reached in seconds and a slow push service holds up only its share, few enough to be polite to
 * the push services and to keep a pass's sockets and memory small.
 */
export const PUSH_CONCURRENCY = 8;

type AlertRow = typeof memberAlerts.$inferSelect;
type DeviceRow = typeof pushSubscriptions.$inferSelect;

/** One device and the alerts due to it. */
export interface DeviceDue {
  device: DeviceRow;
  alerts: readonly AlertRow[];
}

export interface PushRound {
  /** The alerts at least one device took. */
  took: Set<number>;
  /** The devices whose push service says they are gone for good: removed. */
  gone: Set<number>;
  /** The instant the round's deliveries are recorded at. */
  at: Date;
}

/** The payload the service worker shows; the tag lets a newer alert of the same subject replace an older one on the device. */
const payloadOf = (a: AlertRow): PushPayload => ({
  title: a.title,
  body: a.body,
  url: a.url,
  tag: `${a.kind}-${a.day}-${a.subject}`.slice(0, 64),
});

/** A send that throws (it should not) is a failure this time, never the end of the round. */
async function sendOnce(sender: PushSender, device: DeviceRow, alert: AlertRow): Promise<PushOutcome> {
  try {
    return await sender.send(device, payloadOf(alert));
  } catch (err) {
    return { kind: 'failed', reason: err instanceof Error ? err.message : 'send failed' };
  }
}

/**
 * Sends each device its alerts, in order, with at most PUSH_CONCURRENCY pushes in flight. A device
 * whose push service answers 404 or 410 (or whose keys cannot encrypt) is gone: it is sent nothing
 * more. Any other failure is logged and left for the next pass. Then, once for the round: every
 * device that took a push gets one `last_sent_at` (one UPDATE), and the gone ones are deleted (one
 * DELETE). What the alerts became is the caller's to write, from `took`.
 */
export async function pushRound(ctx: AppContext, sender: PushSender, due: readonly DeviceDue[]): Promise<PushRound> {
  const took = new Set<number>();
  const reached = new Set<number>();
  const gone = new Set<number>();
  await runBounded(due, PUSH_CONCURRENCY, async ({ device, alerts }) => {
    for (const alert of alerts) {
      const outcome = await sendOnce(sender, device, alert);
      if (outcome.kind === 'sent') {
        took.add(alert.id);
        reached.add(device.id);
      } else if (outcome.kind === 'gone') {
        gone.add(device.id);
        ctx.log.info(
          { subscriptionId: device.id, status: outcome.status },
          'alerts: push subscription expired; removed',
        );
        return;
      } else {
        ctx.log.warn(
          { subscriptionId: device.id, reason: outcome.reason },
          'alerts: push failed; the next pass tries again',
        );
      }
    }
  });
  const at = ctx.clock.now();
  if (reached.size > 0)
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastSentAt: at })
      .where(inArray(pushSubscriptions.id, [...reached]));
  if (gone.size > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
  return { took, gone, at };
}
