import type { FastifyInstance } from 'fastify';
import { pricesBody } from '#shared/schemas/prices';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { savePrices } from './save-prices';

/** Prices through the day: the analyst's pasted price changes. */
export function pricesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/prices', { config: { access: 'admin' } }, async (request) => {
    const body = parse(pricesBody, request.body);
    return savePrices(ctx, { date: body.date, lines: body.lines, userId: request.user?.id ?? null });
  });
}
