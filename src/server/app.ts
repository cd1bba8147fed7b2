import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from './env';
import type { Database } from './db/client';
import { systemClock, type AppContext, type Clock } from './context';
import { SharedCache } from './cache/shared-cache';
import { SessionCache } from '#server/sessions/session-cache';
import { writeSessionTouches } from '#server/sessions/sessions';
import { registerAccessControl } from './http/access';
import { registerDirectReads } from './http/read-routes';
import { securityHeaders } from './http/security-headers';
import { registerSameOriginCheck } from './http/same-origin';
import { errorAnswer, type HttpError } from './http/errors';
import { refusedAddress, registerBadTextRefusal } from './http/refuse-bad-text';
import { HTTP_TIMEOUTS, timeoutOptions, type HttpTimeouts } from './http/timeouts';
import { lazyRequestLogger, loggerOptions, registerRequestLog, stdoutLogStream, type LogStream } from './http/log';
import { registerWeb } from './web';
import type { HeadProvider } from './pages/page-head';
import { registerPageCacheInvalidation } from './pages/page-cache-invalidation';
import { authRoutes } from './features/auth/routes';
import { settingsRoutes } from './features/settings/routes';
import { healthRoutes } from './features/health/routes';
import { billingRoutes } from './features/billing/routes';
import { localCheckoutRoutes } from './features/local-checkout/routes';
import { invoiceLinksRoutes } from './features/invoice-links/routes';
import { membersRoutes } from './features/members/routes';
import { businessFiguresRoutes } from './features/business-figures/routes';
import { refundsRoutes } from './features/refunds/routes';
import { subscriptionNoticesRoutes } from './features/subscription-notices/routes';
import { articlesRoutes } from './features/articles/routes';
import { articleHeadProvider } from './features/articles/head';
import { resourceHeadProvider, resourcesRoutes } from './features/resources/routes';
import { sitemapRoutes } from './features/sitemap/routes';
import { tipsRoutes } from './features/tips/routes';
import { historicalTipsHeadProvider } from './features/tips/head';
import { backCatalogueRoutes } from './features/back-catalogue/routes';
import { racePreviewsRoutes } from './features/race-previews/routes';
import { raceCardsRoutes } from './features/race-cards/routes';
import { freeRaceRoutes } from './features/free-race/routes';
import { excelExportRoutes } from './features/excel-export/routes';
import { performanceRoutes } from './features/performance/routes';
import { raceResultsRoutes } from './features/race-results/routes';
import { pricesRoutes } from './features/prices/routes';
import { valueBoardRoutes } from './features/value-board/routes';
import { oddsPreferenceRoutes } from './features/odds-preference/routes';
import { myBetsRoutes } from './features/my-bets/routes';
import { watchlistRoutes } from './features/watchlist/routes';
import { mailRoutes } from './features/mail/routes';
import { feedsRoutes } from './features/feeds/routes';
import { proofingRoutes } from './features/proofing/routes';
import { accountRoutes } from './features/account/routes';
import { alertsRoutes } from './features/alerts/routes';
import { startAlerts } from './features/alerts/delivery-loop';
import { startHousekeeping } from './features/housekeeping/housekeeping';
import { startNightlyTissueScoring } from './features/race-results/score-tissue';
import { WARM_UP_HEADER, newWarmUpToken } from './warm-up';
import { appMetrics } from './metrics/app-metrics';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server';
import { REQUEST_ID_HEADER, generateRequestId } from './http/request-id';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  webDir?: string;
  logger?: boolean;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Shorter client timeouts for tests; production uses HTTP_TIMEOUTS. */
  httpTimeouts?: HttpTimeouts;
  /** How often housekeeping runs (tests shorten it); HOUSEKEEPING_EVERY_MS by default. */
  housekeepingEveryMs?: number;
  /** How often this instance sweeps member alerts (tests: 0, they run sweeps themselves); ALERT_SWEEP_EVERY_MS by default. */
  alertSweepEveryMs?: number;
  /** Whether this instance may poll the configured feeds (tests run polls themselves); on by default. */
  feedPolling?: boolean;
  /** Whether this instance runs the proofing stamper (tests run its passes themselves); on by default. */
  proofStamping?: boolean;
  /** How often this instance looks whether the night's tissue scoring is due (tests: 0, they rescore themselves). */
  tissueScoringEveryMs?: number;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  /** warmingUp: /api/ready answers 503 while main.ts warms the instance up (warm-up.ts). */
  state: { shuttingDown: boolean; warmingUp: boolean };
  /** Marks the warm-up's own requests (warm-up.ts), so they are not logged one by one. */
  warmUpToken: string;
  /** The scrape endpoint on METRICS_PORT (metrics/metrics-server.ts), or null when it is unset. */
  metrics: MetricsServer | null;
}

export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const logStream = opts.logger === false ? undefined : (opts.logStream ?? stdoutLogStream());
  const app = Fastify({
    // Structured JSON logs without secrets or personal data: see http/log.ts.
    logger: logStream ? loggerOptions(opts.config.LOG_LEVEL, logStream) : false,
    logController: new LogController({ disableRequestLogging: true }), // registerRequestLog: one line per request, not two
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: JSON_BODY_LIMIT,
    // One hop: the load balancer in front. Trusting every hop would take the client's own
    // X-Forwarded-For as its address, and a forged one would escape the login throttle.
    // (Fastify refuses a bare hop count, hence the function: the immediate peer only.)
    trustProxy: opts.config.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    return503OnClosing: true,
    // The caller's X-Request-Id when valid, else a UUID (http/request-id.ts); logged as reqId.
    requestIdHeader: false,
    genReqId: generateRequestId,
    // An address the router cannot even decode (a broken %-escape) is refused before any hook runs:
    // it still names its request, in the header and the body, like every other answer.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorAnswer(error);
      void (reply as FastifyReply)
        .header(REQUEST_ID_HEADER, request.id)
        .code(status)
        .send({ ...body, requestId: request.id });
    },
    ...timeoutOptions(opts.httpTimeouts ?? HTTP_TIMEOUTS),
  });
  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    db: opts.database.db,
    clock: opts.clock ?? systemClock,
    log: app.log,
    cache: new SharedCache(opts.database, app.log),
    sessions: new SessionCache(opts.database),
  };
  const state = { shuttingDown: false, warmingUp: false };
  const warmUpToken = newWarmUpToken();
  // Only with METRICS_PORT set: without it no request pays for a histogram. Its listener opens
  // before anything else starts (a taken port fails the start with nothing to undo) and stays
  // open until the app closes, so the instance is scraped while it drains.
  let metrics: MetricsServer | null = null;
  if (opts.config.METRICS_PORT !== undefined) {
    const registry = appMetrics(app, ctx, { header: WARM_UP_HEADER, value: warmUpToken });
    const server = await startMetricsServer(registry, {
      port: opts.config.METRICS_PORT,
      host: opts.config.HOST,
      log: app.log,
    });
    app.log.info(`metrics: Prometheus text format at http://${opts.config.HOST}:${server.port}/metrics`);
    app.addHook('onClose', async () => server.close());
    metrics = server;
  }
  await ctx.cache.start();
  await ctx.sessions.start();
  app.addHook('onClose', async () => {
    await writeSessionTouches(ctx);
    await ctx.cache.stop();
    await ctx.sessions.stop();
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, body } = errorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ ...body, requestId: request.id });
  });

  const setSecurityHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // article HTML may carry style attributes (allowed by the sanitiser's lists)
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        // The race-day app's service worker and manifest (decision 0043), named rather than left to default-src.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        upgradeInsecureRequests: opts.config.secureCookies ? [] : null,
      },
    },
    hsts: opts.config.secureCookies,
  });
  // The one global onRequest hook (decisions 0016, 0024): what every request needs, 404s included
  // — its request id and security headers, then the refusal of a NUL in the address. A hook only some routes need
  // is attached to those routes (http/route-hooks.ts); each global hook is a step every read pays.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    setSecurityHeaders(request.url, reply);
    done(refusedAddress(request.url));
  });
  if (logStream) registerRequestLog(app, logStream, { header: WARM_UP_HEADER, value: warmUpToken });
  registerBadTextRefusal(app);
  registerSameOriginCheck(app, opts.config, ['/api/stripe/webhook']);
  registerAccessControl(app, ctx);
  registerDirectReads(app);
  registerPageCacheInvalidation(app, ctx);

  healthRoutes(app, ctx, state);
  authRoutes(app, ctx);
  settingsRoutes(app, ctx);
  billingRoutes(app, ctx);
  localCheckoutRoutes(app, ctx);
  invoiceLinksRoutes(app, ctx);
  membersRoutes(app, ctx);
  refundsRoutes(app, ctx);
  subscriptionNoticesRoutes(app, ctx);
  businessFiguresRoutes(app, ctx);
  articlesRoutes(app, ctx);
  resourcesRoutes(app, ctx);
  sitemapRoutes(app, ctx);
  tipsRoutes(app, ctx);
  backCatalogueRoutes(app, ctx);
  performanceRoutes(app, ctx);
  racePreviewsRoutes(app, ctx);
  await raceCardsRoutes(app, ctx);
  await freeRaceRoutes(app, ctx);
  excelExportRoutes(app, ctx);
  raceResultsRoutes(app, ctx);
  pricesRoutes(app, ctx);
  valueBoardRoutes(app, ctx);
  oddsPreferenceRoutes(app, ctx);
  myBetsRoutes(app, ctx);
  watchlistRoutes(app, ctx);
  mailRoutes(app, ctx);
  feedsRoutes(app, ctx, { polling: opts.feedPolling ?? true });
  proofingRoutes(app, ctx, { stamping: opts.proofStamping ?? true });
  accountRoutes(app, ctx);
  alertsRoutes(app, ctx);
  await startAlerts(app, ctx, opts.alertSweepEveryMs);
  startHousekeeping(app, ctx, opts.housekeepingEveryMs);
  startNightlyTissueScoring(app, ctx, opts.tissueScoringEveryMs);

  const headProviders: HeadProvider[] = [
    articleHeadProvider(ctx),
    resourceHeadProvider(ctx),
    historicalTipsHeadProvider(ctx),
  ];
  await registerWeb(app, ctx, opts.webDir ?? path.join(rootDir, 'dist/web'), headProviders);
  return { app, ctx, state, warmUpToken, metrics };
}
