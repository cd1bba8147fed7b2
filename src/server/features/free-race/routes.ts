import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { freeRacePreview, freeRaceToday, nominateFreeRace } from './free-race';

const NO_STORE = 'private, no-cache, no-store, must-revalidate';

export function freeRaceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/free-race/nominate', { config: { access: 'admin' } }, async (request) => nominateFreeRace(ctx, request.body));
  app.get('/api/free-race/today', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    return freeRaceToday(ctx);
  });
  app.get('/api/free-race-preview', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    return freeRacePreview(ctx);
  });
}
