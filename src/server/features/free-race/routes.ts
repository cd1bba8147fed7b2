import type { FastifyInstance } from 'fastify';
import { nominateFreeRaceBody } from '#shared/schemas/race-cards';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { RACE_CARD_CHANNEL } from '#server/race-card-notice';
import { forgetNominationIfGone, freeRacePreview, freeRaceToday, nominateFreeRace } from './free-race';

const NO_STORE = 'private, no-cache, no-store, must-revalidate';

export async function freeRaceRoutes(app: FastifyInstance, ctx: AppContext) {
  // Race cards changed somewhere (any instance): a nomination whose race is gone is dropped.
  const unlisten = await ctx.database.listen(RACE_CARD_CHANNEL, () => {
    forgetNominationIfGone(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'free race nomination not checked'));
  });
  app.addHook('onClose', async () => unlisten().catch(() => undefined));

  app.post('/api/free-race/nominate', { config: { access: 'admin' } }, async (request) =>
    nominateFreeRace(ctx, parse(nominateFreeRaceBody, request.body)),
  );
  app.get('/api/free-race/today', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    return freeRaceToday(ctx);
  });
  readRoute(app, '/api/free-race-preview', 'public', async ({ header }) => {
    header('Cache-Control', NO_STORE);
    return freeRacePreview(ctx);
  });
}
