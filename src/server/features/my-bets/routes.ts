import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { betOutlayPence, formatPounds } from '#shared/my-bets';
import { newBetBody } from '#shared/schemas/my-bets';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { createBet, deleteBet, listBets } from './bets';

const idParam = z.object({ id: z.coerce.number({ message: 'Invalid bet id' }).int('Invalid bet id').positive('Invalid bet id') });

/** A member's own bet log (issue 20 item 6): members only, each member sees only their own. */
export function myBetsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/my-bets', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return listBets(ctx, request.user!.id);
  });

  app.post('/api/my-bets', { config: { access: 'member' } }, async (request) => {
    const bet = await createBet(ctx, request.user!.id, parse(newBetBody, request.body));
    // "£2.00 each way" is £2 on the win and £2 on the place: the message says what that lays out.
    const stake = bet.eachWay ? `${formatPounds(bet.stakePence)} each way at ${bet.price} (total outlay ${formatPounds(betOutlayPence(bet))})` : `${formatPounds(bet.stakePence)} at ${bet.price}`;
    return { success: true, message: `${bet.horseName} logged: ${stake}.`, bet };
  });

  app.delete('/api/my-bets/:id', { config: { access: 'member' } }, async (request) => {
    await deleteBet(ctx, request.user!.id, parse(idParam, request.params).id);
    return { success: true, message: 'Bet deleted.' };
  });
}
