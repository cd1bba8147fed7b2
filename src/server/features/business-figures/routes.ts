import type { FastifyInstance } from 'fastify';
import { londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { getBusinessFigures } from './business-figures';
import { membersCsv } from './members-csv';

/** The owner's numbers and the members CSV (decision 0042): admin only, never kept by any cache. */
export function businessFiguresRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/business', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getBusinessFigures(ctx);
  });

  app.get('/api/admin/members.csv', { config: { access: 'admin' } }, async (_request, reply) => {
    const csv = await membersCsv(ctx);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="vbg-members-${londonDate(ctx.clock.now())}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
