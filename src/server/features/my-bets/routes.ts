import type { FastifyInstance } from 'fastify';
import { newBetBody } from '#shared/schemas/my-bets';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { routeId } from '#server/http/route-id';
import { BET_NOT_FOUND, createBet, deleteBet, listBets } from './bets';

/** A member's own bet log (issue 20 item 6): members only, each member sees only their own. */
export function myBetsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/my-bets', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return listBets(ctx, request.user!.id);
  });

  app.post('/api/my-bets', { config: { access: 'member' } }, async (request) => {
    const bet = await createBet(ctx, request.user!.id, parse(newBetBody, request.body));
    return { success: true, message: `${bet.horseName} logged: £${(bet.stakePence / 100).toFixed(2)}${bet.eachWay ? ' each way' : ''} at ${bet.price}.`, bet };
  });

  app.delete<{ Params: { id: string } }>('/api/my-bets/:id', { config: { access: 'member' } }, async (request) => {
    await deleteBet(ctx, request.user!.id, routeId(request.params.id, { invalid: 'Invalid bet id', notFound: BET_NOT_FOUND }));
    return { success: true, message: 'Bet deleted.' };
  });
}
