import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { readValueBoard } from './read-value-board';

/** The value board: today's prices against the VB tissue, for members. */
export function valueBoardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/value-now', { config: { access: 'member' } }, async (_request, reply) => {
    // Members-only data: never stored by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    return readValueBoard(ctx);
  });
}
