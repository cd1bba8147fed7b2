import fs from 'node:fs';
import { ConfigError, loadConfig, startWarnings } from './env';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { warmUp } from './warm-up';
import { londonDate } from '#shared/london-time';
import { ensureAdmin } from './seed/admin';
import { seedDemo } from './seed/demo';
import {
  StartupError,
  assertDataDirUsable,
  assertPortFree,
  databaseStartupError,
  pgliteStartupError,
} from './startup-checks';

/**
 * Generated first-start credentials go to the terminal (stderr) as plain text, once: never through
 * the JSON log, whose lines are kept, shipped and searched by whoever reads the logs.
 */
function showOnTerminal(line: string) {
  process.stderr.write(`\n  ${line}\n\n`);
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Before any work: a taken port or an unusable folder is said at once, naming the setting.
  await assertPortFree(config.PORT, config.HOST);
  if (!config.DATABASE_URL) assertDataDirUsable(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((err: unknown) => {
    throw config.DATABASE_URL
      ? databaseStartupError(config.DATABASE_URL, err)
      : pgliteStartupError(config.DATA_DIR, err);
  });
  const { app, ctx, state, warmUpToken } = await buildApp({ config, database });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  // Each migration this start applied, by name: what an upgrade changed in the database.
  for (const tag of database.appliedMigrations) app.log.info({ migration: tag }, `migration applied: ${tag}`);
  const applied = database.appliedMigrations.length;
  app.log.info(
    `database: ${where} (${applied ? `${applied} migration${applied === 1 ? '' : 's'} applied now` : 'no migration to apply'}; every committed migration is applied)`,
  );
  // Said at every start, so a deployment running without payments cannot go unnoticed.
  for (const warning of startWarnings(config)) app.log.warn(warning);

  const admin = await ensureAdmin(ctx);
  if (admin) {
    app.log.warn(
      'admin account created with a generated password, shown once on the terminal (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)',
    );
    showOnTerminal(`admin account created: ${admin.email} / ${admin.password} (shown once)`);
  }
  if (config.SEED_DEMO) {
    const member = await seedDemo(ctx);
    if (member) {
      app.log.warn('demo content seeded; its member has a generated password, shown once on the terminal');
      showOnTerminal(`demo member created: ${member.email} / ${member.password} (shown once)`);
    }
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    state.shuttingDown = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests and onClose hooks
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Room for connections not yet accepted (the kernel caps it at net.core.somaxconn): Node's
  // default of 511 is fewer than a morning spike's thousand members connecting in one instant,
  // and a connection refused at that point waits a full second before the client retries.
  // Listening but not ready (/api/ready answers 503) until the request path is warm: a load
  // balancer sends nothing yet, and the warm-up reaches the app over real loopback HTTP.
  state.warmingUp = config.WARM_UP;
  // The first London date loads the zone data (~20 ms of the thread): now, not in the middle of the
  // analyst's first upload of the day or a member's request.
  londonDate(new Date());
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const port = (app.server.address() as { port: number }).port;
  if (config.WARM_UP) {
    try {
      const w = await warmUp(app, ctx, warmUpToken);
      app.log.info(
        `warm-up: ${w.requests} requests through the signed-in read path in ${w.ms} ms (${w.unexpected} not 200; the throwaway member is removed)`,
      );
    } catch (err) {
      // Never a reason not to serve: a cold instance is slower, not wrong.
      app.log.warn({ err }, 'warm-up failed; serving unwarmed');
    } finally {
      state.warmingUp = false;
    }
  }
  console.log(`\n  ${config.SITE_NAME} is running at ${config.PUBLIC_URL ?? `http://localhost:${port}`}\n`);
}

main().catch((err) => {
  // A problem start-up recognised is one line; anything else keeps its stack for whoever debugs it.
  console.error(err instanceof StartupError ? `\n  Cannot start: ${err.message}\n` : err);
  process.exit(1);
});
