import { feedRetryDelayMs, type FeedProblem } from '#shared/racing-feeds';
import type { AppContext } from '#server/context';
import {
  FeedFormatError,
  FeedNotReadyError,
  FeedRateLimitedError,
  FeedUnavailableError,
  type RacingDataProvider,
} from '#server/providers/racing-data';
import { applyFeedBatch } from './apply-batch';
import { overdueMessage, planPoll } from './schedule';
import { readFeedStatus, writeFeedStatus, type FeedStatusRow } from './status';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One poll of one feed: the days it has something for (planPoll), each read whole and written
 * (applyFeedBatch), then its status. A day not published yet is waited for (idle when no day had
 * anything), unless it is overdue: then the feed is failing. A failure writes nothing of that poll
 * and backs off (feedRetryDelayMs, never before a Retry-After); the site keeps its last prices and
 * results. A batch that carries a failure (results that failed after the prices were read) is
 * written first; the status then shows the failure, and the feed keeps its interval (its prices
 * are still read) unless it was asked to slow down.
 */
export async function runFeed(
  ctx: AppContext,
  provider: RacingDataProvider,
  opts: { force: boolean },
): Promise<FeedStatusRow> {
  const started = ctx.clock.now();
  const before = await readFeedStatus(ctx, provider.id);
  const plan = await planPoll(ctx, provider.id, started, opts.force);
  const later = (ms: number) => new Date(ctx.clock.now().getTime() + ms);
  if ('idle' in plan) {
    return writeFeedStatus(ctx, {
      ...before,
      state: 'idle',
      message: plan.idle,
      failures: 0,
      nextAttemptAt: later(provider.intervalMs),
    });
  }
  const attempt = { ...before, lastAttemptAt: started };
  /** What a poll that failed part-way had written before the failure ("2026-11-25: 10 new prices, 0 results saved"). */
  let saved: string | null = null;
  const unmatched: FeedProblem[] = [];
  const notOff: string[] = [];
  try {
    const parts: string[] = [];
    const notes: string[] = [];
    const waiting: Array<{ date: string; error: FeedNotReadyError }> = [];
    for (const date of plan.dates) {
      let batch;
      try {
        batch = await provider.poll(date, started);
      } catch (err) {
        if (!(err instanceof FeedNotReadyError)) throw err;
        waiting.push({ date, error: err });
        continue;
      }
      const applied = await applyFeedBatch(ctx, provider.id, batch);
      unmatched.push(...applied.problems);
      notOff.push(...applied.notOff);
      notes.push(...batch.notes);
      let part = `${date}: ${plural(applied.prices, 'new price')}, ${plural(applied.results, 'result')} saved`;
      if (applied.figures) part += `, ${plural(applied.figures, 'result')} given BSPs or SPs`;
      if (applied.tipsSettled.length)
        part += `, settled ${applied.tipsSettled.map((t) => `${t.selectionName} ${t.result}`).join(', ')}`;
      parts.push(part);
      if (batch.failure) {
        saved = parts.join('; ');
        throw batch.failure;
      }
    }
    const overdue = (plan.overdue ?? []).filter((d) => waiting.some((w) => w.date === d));
    if (overdue.length)
      return writeFeedStatus(ctx, {
        ...attempt,
        state: 'failing',
        message: [overdueMessage(overdue), ...waiting.map((w) => w.error.message), ...parts].join(' '),
        failures: before.failures + 1,
        nextAttemptAt: later(provider.intervalMs),
        unmatched,
      });
    if (parts.length === 0 && waiting.length) throw waiting[0].error;
    const message = [
      `${parts.join('; ')}.`,
      ...waiting.map((w) => w.error.message),
      unmatched.length > notOff.length ? `${plural(unmatched.length - notOff.length, 'name')} not matched.` : '',
      notOff.length ? `Not off yet, results not saved: ${notOff.join(', ')}.` : '',
      ...notes,
    ]
      .filter(Boolean)
      .join(' ');
    return writeFeedStatus(ctx, {
      ...attempt,
      state: 'ok',
      message,
      failures: 0,
      lastSuccessAt: ctx.clock.now(),
      nextAttemptAt: later(provider.intervalMs),
      unmatched,
    });
  } catch (err) {
    if (err instanceof FeedNotReadyError) {
      return writeFeedStatus(ctx, {
        ...attempt,
        state: 'idle',
        message: err.message,
        failures: 0,
        nextAttemptAt: later(provider.intervalMs),
      });
    }
    const failures = before.failures + 1;
    const first = saved === null ? '' : `Saved what was read (${saved}), then: `;
    if (saved !== null) attempt.unmatched = unmatched;
    if (err instanceof FeedRateLimitedError) {
      const wait = feedRetryDelayMs(provider.intervalMs, failures, err.retryAfterMs);
      return writeFeedStatus(ctx, {
        ...attempt,
        state: 'rate-limited',
        message: `${first}${err.message} Backing off: next attempt in ${Math.ceil(wait / 1000)} s.`,
        failures,
        nextAttemptAt: later(wait),
      });
    }
    const known = err instanceof FeedUnavailableError || err instanceof FeedFormatError;
    if (!known) ctx.log.error({ err, feed: provider.id }, 'feed poll failed');
    const why = known ? err.message : 'The poll failed on our side (see the server log).';
    const wait = saved === null ? feedRetryDelayMs(provider.intervalMs, failures, null) : provider.intervalMs;
    const kept = saved === null ? '; the site keeps its last prices' : '';
    return writeFeedStatus(ctx, {
      ...attempt,
      state: 'failing',
      message: `${first}${why} ${plural(failures, 'failure')} in a row${kept}. Next attempt in ${Math.ceil(wait / 1000)} s.`,
      failures,
      nextAttemptAt: later(wait),
    });
  }
}
