import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '#server/context';
import { pendingMigrations } from '#server/db/client';

export interface Readiness {
  status: 'ready' | 'not-ready';
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
  shuttingDown: boolean;
  /** Present (true) only while the instance warms up before its first ready (warm-up.ts). */
  warmingUp?: true;
}

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database answers,
 * every committed migration is applied, the instance has warmed up and is not draining). A load balancer sends
 * traffic only to ready instances; an orchestrator restarts one that is not live.
 */
export function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  state: { shuttingDown: boolean; warmingUp: boolean },
) {
  let migrationsApplied = false; // once true it stays true for this process's code

  async function readiness(): Promise<Readiness> {
    const r: Readiness = {
      status: 'not-ready',
      database: 'ok',
      migrations: 'unknown',
      shuttingDown: state.shuttingDown,
    };
    try {
      await ctx.database.ping();
    } catch {
      r.database = 'unreachable';
      return r;
    }
    try {
      if (!migrationsApplied) migrationsApplied = (await pendingMigrations(ctx.database)) === 0;
      r.migrations = migrationsApplied ? 'applied' : 'pending';
    } catch {
      r.migrations = 'unknown';
    }
    if (state.warmingUp) r.warmingUp = true;
    if (r.migrations === 'applied' && !state.shuttingDown && !state.warmingUp) r.status = 'ready';
    return r;
  }

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  });

  app.get('/api/ready', { config: { access: 'public' } }, async (_request, reply) => {
    noStore(reply);
    const r = await readiness();
    return reply.code(r.status === 'ready' ? 200 : 503).send(r);
  });

  // Kept for balancers configured before /api/ready existed: same answer as before.
  app.get('/healthz', async (_request, reply) => {
    noStore(reply);
    try {
      await ctx.database.ping();
    } catch {
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
    if (state.shuttingDown) return reply.code(503).send({ status: 'shutting-down', database: 'ok' });
    return { status: 'ok', database: 'ok' };
  });
}
