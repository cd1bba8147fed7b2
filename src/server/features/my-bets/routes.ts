import type { FastifyInstance } from 'fastify';
import { betOutlayPence, formatPounds } from '#shared/my-bets';
import { newBetBody } from '#shared/schemas/my-bets';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { routeId } from '#server/http/route-id';
import { BET_NOT_FOUND, createBet, deleteBet, listBets } from './bets';
import { dismissEachWayNotice, eachWayNotice } from './each-way-notice';

/** A member's own bet log (docs/decisions/0031): members only, each member sees only their own. */
export function myBetsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/my-bets', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return listBets(ctx, request.user!.id);
  });

  app.post('/api/my-bets', { config: { access: 'member' } }, async (request) => {
    const bet = await createBet(ctx, request.user!.id, parse(newBetBody, request.body));
    // "£2.00 each way" is £2 on the win and £2 on the place: the message says what that lays out.
    const stake = bet.eachWay
      ? `${formatPounds(bet.stakePence)} each way at ${bet.price} (total outlay ${formatPounds(betOutlayPence(bet))})`
      : `${formatPounds(bet.stakePence)} at ${bet.price}`;
    return { success: true, message: `${bet.horseName} logged: ${stake}.`, bet };
  });

  // The one-off notice of how the each-way reading changed this member's record (decision 0034).
  // Kept by the offline app with the member's other reads (My Bets asks for it), never shared.
  app.get('/api/my-bets/each-way-notice', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return { notice: await eachWayNotice(ctx, request.user!.id) };
  });

  app.post('/api/my-bets/each-way-notice/dismiss', { config: { access: 'member' } }, async (request) => {
    await dismissEachWayNotice(ctx, request.user!.id);
    return { success: true, message: 'Notice dismissed.' };
  });

  app.delete<{ Params: { id: string } }>('/api/my-bets/:id', { config: { access: 'member' } }, async (request) => {
    await deleteBet(
      ctx,
      request.user!.id,
      routeId(request.params.id, { invalid: 'Invalid bet id', notFound: BET_NOT_FOUND }),
    );
    return { success: true, message: 'Bet deleted.' };
  });
}
