import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { WebhookSignatureError, type PaymentsProvider } from '../../providers/payments';
import { handlePaymentEvent } from './payment-events';

const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed.';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes sent, so this plugin (and only
 * this one: Fastify encapsulation) keeps the body raw instead of parsing JSON. The same-origin
 * check exempts the path; the signature is the authentication.
 */
export function webhookRoutes(ctx: AppContext, payments: PaymentsProvider) {
  return async function webhookPlugin(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/stripe/webhook', { config: { access: 'public' } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = payments.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          request.log.warn({ reason: err.message }, 'webhook refused');
          throw new HttpError(400, BAD_SIGNATURE_MESSAGE);
        }
        throw err;
      }
      const { duplicate } = await handlePaymentEvent(ctx, payments, event);
      return { received: true, duplicate };
    });
  };
}
