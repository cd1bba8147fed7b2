import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FeedProblem, FeedProvider } from '#shared/racing-feeds';
import type { FeedState, FeedStatusView } from '#shared/schemas/feeds';
import type { AppContext } from '#server/context';
import { feedStatus } from '#server/db/schema';

export interface FeedStatusRow {
  provider: FeedProvider;
  state: FeedState;
  message: string;
  failures: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  nextAttemptAt: Date | null;
  unmatched: FeedProblem[];
}

/** The unmatched list as writeFeedStatus stores it (jsonb), checked when read back. */
const feedProblems: z.ZodType<FeedProblem[]> = z.array(
  z.object({ date: z.string(), race: z.string(), horse: z.string().nullable(), message: z.string() }),
);

/** The unmatched list kept for the admin: enough to act on, never a whole foreign day. */
const MAX_UNMATCHED = 200;

export const LABELS: Record<FeedProvider, string> = { bsp: 'Betfair BSP files', 'racing-api': 'The Racing API' };

const never = (provider: FeedProvider): FeedStatusRow => ({
  provider,
  state: 'idle',
  message: 'Not run yet.',
  failures: 0,
  lastAttemptAt: null,
  lastSuccessAt: null,
  nextAttemptAt: null,
  unmatched: [],
});

export async function readFeedStatus(ctx: AppContext, provider: FeedProvider): Promise<FeedStatusRow> {
  const [row] = await ctx.db.select().from(feedStatus).where(eq(feedStatus.provider, provider));
  return row ? { ...row, provider, unmatched: feedProblems.parse(row.unmatched) } : never(provider);
}

/** Replaces a feed's status row (written by the instance that polls, and by a BSP upload). */
export async function writeFeedStatus(ctx: AppContext, status: FeedStatusRow): Promise<FeedStatusRow> {
  const values = { ...status, unmatched: status.unmatched.slice(0, MAX_UNMATCHED) };
  await ctx.db.insert(feedStatus).values(values).onConflictDoUpdate({ target: feedStatus.provider, set: values });
  return values;
}

export function statusView(status: FeedStatusRow, configured: boolean): FeedStatusView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    provider: status.provider,
    label: LABELS[status.provider],
    configured,
    state: status.state,
    message: status.message,
    failures: status.failures,
    lastAttemptAt: iso(status.lastAttemptAt),
    lastSuccessAt: iso(status.lastSuccessAt),
    nextAttemptAt: iso(status.nextAttemptAt),
    unmatched: status.unmatched,
  };
}
