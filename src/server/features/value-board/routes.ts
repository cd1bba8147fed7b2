import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { readRoute } from '#server/http/read-routes';
import { readValueBoard } from './read-value-board';

/** The value board: today's prices against the VB tissue, for members. */
export function valueBoardRoutes(app: FastifyInstance, ctx: AppContext) {
  readRoute(app, '/api/value-now', 'member', async ({ header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    return readValueBoard(ctx);
  });
}
