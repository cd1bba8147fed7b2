import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { runEvery } from '#server/workers/every';
import { createPaymentsProvider } from '#server/providers/payments';
import { purgeExpiredSessions } from '#server/sessions/sessions';
import { expireStaleCheckouts } from '../billing/expire-stale-checkouts';
import { sendSubscriptionNotices } from '../subscription-notices/renewal-notices';
import { purgeSpentResetTokens } from '../auth/password-reset';
import { purgeStaleThrottles } from '../auth/throttle';
import { removeWarmUpLeftovers } from '#server/warm-up';

/** How often each instance tidies up; every step is idempotent and skips rows another holds. */
const HOUSEKEEPING_EVERY_MS = 3600_000;

export interface HousekeepingCounts {
  sessions: number;
  resetTokens: number;
  checkouts: number;
  warmUpMembers: number;
  renewalNotices: number;
  discountNotices: number;
  throttleCounts: number;
}

/**
 * Tidies what can no longer be used (docs/decisions/0021): deletes ended sessions and spent
 * password-reset tokens, which would never open anything again but would grow without end and sit
 * in every backup, expires checkouts left unpaid for a day, and removes the throwaway member of a
 * start-up warm-up whose process died before it could (warm-up.ts), and forgets sign-in counts
 * whose window is over (the privacy notice keeps them no longer). (Finished mail is pruned by
 * the mail workers, mail/prune.ts.) It also sends the notices due before a renewal or the end of a
 * discount (subscription-notices/renewal-notices.ts), each once.
 */
export async function runHousekeeping(
  ctx: AppContext,
  payments = createPaymentsProvider(ctx),
): Promise<HousekeepingCounts> {
  return {
    sessions: await purgeExpiredSessions(ctx),
    resetTokens: await purgeSpentResetTokens(ctx),
    checkouts: await expireStaleCheckouts(ctx, payments),
    warmUpMembers: await removeWarmUpLeftovers(ctx),
    ...(await sendSubscriptionNotices(ctx, payments)),
    throttleCounts: await purgeStaleThrottles(ctx),
  };
}

/** Runs housekeeping once soon after start, then every `everyMs`, until the app closes (0: never, for tests that run it themselves). */
export function startHousekeeping(app: FastifyInstance, ctx: AppContext, everyMs = HOUSEKEEPING_EVERY_MS) {
  if (everyMs <= 0) return;
  const payments = createPaymentsProvider(ctx);
  runEvery(app, everyMs, () =>
    runHousekeeping(ctx, payments).then(
      (counts) => {
        if (Object.values(counts).some(Boolean))
          ctx.log.info(counts, 'housekeeping: tidied what can no longer be used, sent the notices due');
      },
      (err: unknown) => ctx.log.warn({ err }, 'housekeeping pass failed; the next one tries again'),
    ),
  );
}
