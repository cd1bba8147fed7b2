import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function healthRoutes(app: FastifyInstance, ctx: AppContext, state: { shuttingDown: boolean }) {
  // Liveness and readiness: a load balancer stops sending traffic once we are draining.
  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.database.ping();
    } catch {
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
    if (state.shuttingDown) return reply.code(503).send({ status: 'shutting-down', database: 'ok' });
    return { status: 'ok', database: 'ok' };
  });
}
