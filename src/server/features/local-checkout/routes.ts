import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '#server/context';
import { acceptFormPosts, formFields } from '#server/http/form-posts';
import { createPaymentsProvider, type LocalPayments } from '#server/providers/payments';
import { handlePaymentEvent } from '../billing/payment-events';
import { renderLocalCheckoutPage, renderLocalExpired, renderLocalNotFound } from './local-checkout-page';

const FORM_LIMIT = 4 * 1024;

interface PageOptions {
  error?: string;
  discountCode?: string;
}

/**
 * The local provider's checkout page, where a payment is made without a Stripe key (no card is
 * charged). Registered only when no Stripe key is set, so it answers 404 otherwise.
 */
export function localCheckoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);
  if (payments.kind === 'local') void app.register(localCheckoutPages(ctx, payments));
}

/** The page and its Pay form, which posts url-encoded fields, parsed here only: the rest of the app accepts JSON. */
function localCheckoutPages(ctx: AppContext, payments: LocalPayments) {
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
  return async function localCheckoutPlugin(app: FastifyInstance) {
    acceptFormPosts(app, FORM_LIMIT);
    const html = (status: number, body: string) => ({ status, body });
    const siteName = ctx.config.SITE_NAME;

    async function page(id: string, opts: PageOptions) {
      const view = await payments.getCheckout(id);
      if (!view) return html(404, renderLocalNotFound(siteName));
      if (view.status === 'complete') return { redirect: view.successUrl };
      // A newer checkout for the same address replaced this one (decision 0018): it cannot be paid.
      if (view.status === 'expired') return html(410, renderLocalExpired(siteName, view.cancelUrl));
      return html(opts.error ? 400 : 200, renderLocalCheckoutPage(view, { siteName, ...opts }));
    }

    /** The page, never kept; a paid checkout sends the browser on to its success address. */
    async function sendPage(reply: FastifyReply, id: string, opts: PageOptions = {}) {
      const result = await page(id, opts);
      if ('redirect' in result) return reply.redirect(result.redirect, 303);
      return reply
        .code(result.status)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(result.body);
    }

    // Helmet's default "no-referrer" makes browsers send "Origin: null" on a form POST, which the
    // same-origin check refuses; this page's own policy lets its Pay form say where it comes from.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Referrer-Policy', 'same-origin');
    });

    app.get<{ Params: { sessionId: string } }>(
      '/local-checkout/:sessionId',
      { config: { access: 'public' } },
      async (request, reply) => sendPage(reply, request.params.sessionId),
    );

    app.post<{ Params: { sessionId: string } }>(
      '/local-checkout/:sessionId/complete',
      { config: { access: 'public' } },
      async (request, reply) => {
        const id = request.params.sessionId;
        const discountCode = formFields(request.body).discountCode?.slice(0, 100);
        const done = await payments.completeCheckout(id, discountCode);
        if (!done.ok) {
          const error =
            done.reason === 'bad-code'
              ? `The discount code "${discountCode?.trim()}" is not valid. Check it, or leave the field empty to pay the full price.`
              : done.reason === 'code-not-for-plan'
                ? 'Discount codes apply to the monthly plan only. Leave the field empty to pay the annual price.'
                : undefined;
          return sendPage(reply, id, { error, discountCode });
        }
        // The same handling a Stripe webhook gets: recorded once, state read back from the provider.
        await handlePaymentEvent(ctx, payments, done.event);
        return reply.redirect(done.redirectTo, 303);
      },
    );
  };
}
