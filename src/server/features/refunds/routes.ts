import type { FastifyInstance } from 'fastify';
import { idempotencyKeyHeader, refundBody } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { createPaymentsProvider } from '#server/providers/payments';
import { memberRouteId } from '../members/members';
import { refundMember } from './refund';
import { listRefunds, refundablePayments } from './refunds-list';

/** The admin's refunds (decision 0041): a member's refundable payments, a refund, and every refund recorded. */
export function refundsRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);

  app.get<{ Params: { id: string } }>(
    '/api/admin/members/:id/payments',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const id = memberRouteId(request.params.id);
      reply.header('Cache-Control', 'no-store');
      return refundablePayments(ctx, payments, id);
    },
  );

  // One refund per Idempotency-Key header: a double click or a retry of the same action refunds once.
  app.post<{ Params: { id: string } }>(
    '/api/admin/members/:id/refund',
    { config: { access: 'admin' } },
    async (request) => {
      const id = memberRouteId(request.params.id);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = parse(idempotencyKeyHeader, Array.isArray(header) ? header[0] : header);
      return refundMember(ctx, payments, {
        memberId: id,
        admin: request.user!,
        idempotencyKey,
        body: parse(refundBody, request.body),
      });
    },
  );

  app.get('/api/admin/refunds', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listRefunds(ctx);
  });
}
