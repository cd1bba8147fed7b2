import type { FastifyInstance } from 'fastify';
import { invoiceLinkBody } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { publicBase } from '#server/http/public-base';
import { createPaymentsProvider } from '#server/providers/payments';
import { createInvoiceLink } from './invoice-link';

/** The admin's payment links for one customer on a named price tier (STRIPE_INVOICE_PRICES): a one-off payment, no subscription. */
export function invoiceLinksRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);

  app.post('/api/create-invoice-link', { config: { access: 'admin' } }, async (request) => {
    return createInvoiceLink(ctx, payments, parse(invoiceLinkBody, request.body), publicBase(ctx, request));
  });
}
