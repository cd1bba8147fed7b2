import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { FEED_PROVIDERS } from '#shared/racing-feeds';
import type { FeedState } from '#shared/schemas/feeds';
import type { AppContext } from '#server/context';
import { feedStatus, outbox, proofReceipts, proofStamps } from '#server/db/schema';
import { alertTotals } from '#server/features/alerts/delivery-loop';
import { openEventStreams } from '#server/features/race-cards/events';

/** The label of a request that matched no route (a 404, or a page the shell answers): one series, whatever the URL. */
const UNMATCHED_ROUTE = 'unmatched';
/** Every state a feed can be in; the feed's series is 1 for its state and 0 for the others. */
const FEED_STATES: readonly FeedState[] = ['idle', 'ok', 'failing', 'rate-limited'];
/** The outbox's rows still to go (queued, being sent) and those given up on (failed); sent rows are not depth. */
const OUTBOX_STATES = ['queued', 'sending', 'failed'] as const;

/**
 * This app's metrics in the Prometheus text format, on a registry of its own (never prom-client's
 * global one: several apps run in one process in the tests, each with its own figures).
 * Request durations are observed as answers complete; everything else is read when scraped —
 * counters the parts keep anyway (cache hits, alert outcomes), open streams, and three small
 * indexed counts from the database (outbox, feeds, receipts waiting for a time-stamp), so a
 * metric costs nothing between scrapes.
 */
export function appMetrics(app: FastifyInstance, ctx: AppContext, unobserved?: { header: string; value: string }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers,
  });
  // The route's pattern, never the raw URL: a series per route, however many ids and addresses.
  // A hijacked answer (an event stream) never completes here; it is counted as an open stream.
  app.addHook('onResponse', (request, reply, done) => {
    // The start-up warm-up's own requests (warm-up.ts) are not the members' traffic.
    if (unobserved && request.headers[unobserved.header] === unobserved.value) return done();
    requestDuration.observe(
      {
        route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new Gauge({
    name: 'vbg_event_streams_open',
    help: 'Race-card event streams (server-sent events) open on this instance.',
    registers,
    collect() {
      this.set(openEventStreams(ctx));
    },
  });

  const counterOf = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Array<[Record<L, string>, number]>,
  ) =>
    new Counter({
      name,
      help,
      labelNames,
      registers,
      // The totals are kept by the parts themselves; the counter shows them as they are now.
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels as never, value);
      },
    });
  counterOf('vbg_cache_hits_total', 'Reads answered from a per-process cache, by cache.', ['cache'], () => [
    [{ cache: 'shared' }, ctx.cache.stats.hits],
    [{ cache: 'sessions' }, ctx.sessions.stats.hits],
  ]);
  counterOf('vbg_cache_misses_total', 'Reads a per-process cache could not answer, by cache.', ['cache'], () => [
    [{ cache: 'shared' }, ctx.cache.stats.misses],
    [{ cache: 'sessions' }, ctx.sessions.stats.misses],
  ]);
  counterOf('vbg_alerts_sent_total', 'Member alerts delivered by this instance, by channel.', ['channel'], () => {
    const totals = alertTotals(ctx);
    return [
      [{ channel: 'push' }, totals.pushed],
      [{ channel: 'email' }, totals.emailed],
    ];
  });
  counterOf(
    'vbg_alerts_failed_total',
    'Member alerts this instance gave up on: failed (push kept failing until their day ended) or dropped (nowhere to send them).',
    ['outcome'],
    () => {
      const totals = alertTotals(ctx);
      return [
        [{ outcome: 'failed' }, totals.failed],
        [{ outcome: 'dropped' }, totals.dropped],
      ];
    },
  );

  new Gauge({
    name: 'vbg_outbox_messages',
    help: 'E-mails in the outbox by status: queued and sending are still to go, failed were given up on.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await ctx.db
        .select({ status: outbox.status, n: count() })
        .from(outbox)
        .where(inArray(outbox.status, [...OUTBOX_STATES]))
        .groupBy(outbox.status);
      for (const status of OUTBOX_STATES) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });

  new Gauge({
    name: 'vbg_feed_state',
    help: "Each price and result feed's state: 1 for the state it is in, 0 for the others (feeds never run are idle).",
    labelNames: ['provider', 'state'] as const,
    registers,
    async collect() {
      const rows = await ctx.db.select({ provider: feedStatus.provider, state: feedStatus.state }).from(feedStatus);
      const configured = ctx.config.RACING_DATA_PROVIDERS.filter((p) =>
        (FEED_PROVIDERS as readonly string[]).includes(p),
      );
      const providers = new Set([...configured, ...rows.map((r) => r.provider)]);
      this.reset();
      for (const provider of providers) {
        const current = rows.find((r) => r.provider === provider)?.state ?? 'idle';
        for (const state of FEED_STATES) this.set({ provider, state }, state === current ? 1 : 0);
      }
    },
  });

  new Gauge({
    name: 'vbg_proof_receipts_waiting',
    help: 'Published receipts not yet proofed whose time-stamp is still pending (being asked for, or retried).',
    registers,
    async collect() {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(proofReceipts)
        .where(
          and(
            isNull(proofReceipts.proofedAt),
            sql`exists (select 1 from ${proofStamps} where ${and(
              eq(proofStamps.raceDate, proofReceipts.raceDate),
              eq(proofStamps.status, 'pending'),
              gte(proofStamps.receipts, proofReceipts.seq),
            )})`,
          ),
        );
      this.set(row?.n ?? 0);
    },
  });

  return registry;
}
