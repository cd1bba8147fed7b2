import type { FastifyInstance } from 'fastify';
import { priceChangeBody } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { announcePriceChange, listPriceChanges } from './price-changes';

/**
 * The admin's price-change announcements (decision 0041). The other notices to paying members
 * (annual renewals, discounts ending) are housekeeping's: `sendSubscriptionNotices`.
 */
export function subscriptionNoticesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/price-changes', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listPriceChanges(ctx);
  });

  app.post('/api/admin/price-changes', { config: { access: 'admin' } }, async (request) => {
    return announcePriceChange(ctx, request.user!, parse(priceChangeBody, request.body));
  });
}
