import type { FastifyInstance } from 'fastify';
import { starHorseBody } from '#shared/schemas/watchlist';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { routeId } from '#server/http/route-id';
import { listWatchlist, starHorse, unstarHorse, WATCHED_NOT_FOUND } from './watchlist';

/** A member's watch list: the horses they starred and where each runs next. Each member sees only their own. */
export function watchlistRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/watchlist', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return listWatchlist(ctx, request.user!.id);
  });

  app.post('/api/watchlist', { config: { access: 'member' } }, async (request, reply) => {
    const answer = await starHorse(ctx, request.user!.id, parse(starHorseBody, request.body));
    return reply.code(answer.created ? 201 : 200).send(answer);
  });

  app.delete<{ Params: { id: string } }>('/api/watchlist/:id', { config: { access: 'member' } }, async (request) => {
    const message = await unstarHorse(
      ctx,
      request.user!.id,
      routeId(request.params.id, { invalid: 'Invalid watch list id', notFound: WATCHED_NOT_FOUND }),
    );
    return { success: true, message };
  });
}
