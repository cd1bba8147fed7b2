import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newPasswordProblem } from '#shared/auth-rules';
import {
  SET_PASSWORD_FORM_ERRORS,
  SUBSCRIBE_FORM_ERRORS,
  formErrorCode,
  type SetPasswordFormError,
  type SubscribeFormError,
} from '#shared/form-errors';
import { cancelBody, checkoutBody, setPasswordBody, signedInCheckoutBody } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { sessionToken } from '#server/http/access';
import { HttpError, badRequest, notFound } from '#server/http/errors';
import { acceptFormPosts, formFields } from '#server/http/form-posts';
import { parse } from '#server/http/parse';
import { publicBase } from '#server/http/public-base';
import { readRoute } from '#server/http/read-routes';
import { WebhookSignatureError, createPaymentsProvider, type PaymentsProvider } from '#server/providers/payments';
import { presentUser } from '../auth/current-user';
import { limitRequest } from '../auth/rate-limit';
import { findUserById } from '../auth/users';
import { cancelSubscription } from './cancel-subscription';
import { lookupCheckout } from './checkout-lookup';
import { createCheckout } from './create-checkout';
import { memberMonthlyPrice } from './member-price';
import { handlePaymentEvent } from './payment-events';
import { resumeSubscription } from './resume-subscription';
import { setPasswordAfterPayment } from './set-password';

const sessionParam = z.object({ id: z.string().trim().min(1).max(200) });

const NO_BILLING_PORTAL = 'Billing management is available only when payments are handled by Stripe.';
const NO_BILLING_ACCOUNT = 'There is no billing account for you yet.';
const FORM_LIMIT = 4 * 1024;

/**
 * Payments and subscriptions: checkout (and its no-JavaScript form), the post-payment password
 * step, cancel and resume, the member's own price, the portal, and the provider's webhook.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);

  app.post('/api/create-checkout-session', { config: { access: 'public' } }, async (request) => {
    const signedIn = request.user;
    // A signed-in non-member checks out for their own address (DESIGN decision 2).
    const { email, ...terms } = signedIn
      ? { email: undefined, ...parse(signedInCheckoutBody, request.body) }
      : parse(checkoutBody, request.body);
    await limitRequest(ctx, 'checkout', request.ip, email ?? signedIn!.email); // no probing of addresses at machine speed
    return createCheckout(ctx, payments, { signedIn, email, terms, baseUrl: publicBase(ctx, request) });
  });

  // Read by the payment-success and set-password pages, rendered on the server too.
  readRoute<{ id: string }>(app, '/api/checkout-session/:id', 'public', async ({ params, header }) => {
    const { id } = parse(sessionParam, params);
    header('Cache-Control', 'no-store');
    return lookupCheckout(ctx, payments, id);
  });

  app.post('/api/set-password', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(setPasswordBody, request.body);
    const userId = await setPasswordAfterPayment(ctx, payments, body.session_id, body.password);
    await app.startSession(reply, userId, sessionToken(request));
    const user = await findUserById(ctx, userId);
    return { success: true, message: 'Password set successfully', user: await presentUser(ctx, user) };
  });

  app.post('/api/cancel-subscription', { config: { access: 'signedIn' } }, async (request) => {
    return cancelSubscription(ctx, payments, request.user!, parse(cancelBody, request.body));
  });

  app.post('/api/resume-subscription', { config: { access: 'signedIn' } }, async (request) => {
    return resumeSubscription(ctx, payments, request.user!);
  });

  // What the signed-in member pays a month (the home page quotes their own price, not the list price).
  readRoute(app, '/api/my-subscription-price', 'signedIn', async ({ user, header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    return memberMonthlyPrice(ctx, user!);
  });

  app.post('/api/billing-portal', { config: { access: 'signedIn' } }, async (request) => {
    if (payments.kind !== 'stripe') throw notFound(NO_BILLING_PORTAL);
    const customerId = request.user!.stripeCustomerId;
    if (!customerId) throw badRequest(NO_BILLING_ACCOUNT);
    const portal = await payments.createBillingPortalSession(customerId, `${publicBase(ctx, request)}/my-account`);
    if (!portal) throw notFound(NO_BILLING_PORTAL);
    return { url: portal.url };
  });

  void app.register(subscribeFormRoute(ctx, payments));
  void app.register(setPasswordFormRoute(ctx, payments));
  void app.register(webhookRoutes(ctx, payments));
}

/**
 * POST /subscribe: the subscribe page's form when JavaScript is off. The same checkout as
 * /api/create-checkout-session; the browser is sent on to the payment page, or back to the form
 * with the refusal's code (the page shows its text).
 */
function subscribeFormRoute(ctx: AppContext, payments: PaymentsProvider) {
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
  return async function subscribeFormPlugin(app: FastifyInstance) {
    acceptFormPosts(app, FORM_LIMIT);
    app.post('/subscribe', { config: { access: 'public' } }, async (request, reply) => {
      const signedIn = request.user;
      const back = (error: SubscribeFormError) => reply.redirect(`/subscribe?error=${error}`, 303);
      const form = formFields(request.body);
      const typed = signedIn ? undefined : checkoutBody.shape.email.safeParse(form.email);
      if (typed && !typed.success) return back('email');
      const terms = signedInCheckoutBody.safeParse(checkoutFormTerms(form));
      if (!terms.success)
        return back(formErrorCode(SUBSCRIBE_FORM_ERRORS, terms.error.issues[0]?.message ?? '', 'failed'));
      try {
        const email = typed?.data;
        await limitRequest(ctx, 'checkout', request.ip, email ?? signedIn!.email);
        const { url } = await createCheckout(ctx, payments, {
          signedIn,
          email,
          terms: terms.data,
          baseUrl: publicBase(ctx, request),
        });
        return reply.redirect(url, 303);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500)
          return back(formErrorCode(SUBSCRIBE_FORM_ERRORS, err.message, 'failed'));
        request.log.error({ err }, 'the subscribe form could not start a checkout');
        return back('failed');
      }
    });
  };
}

/**
 * POST /set-password: the password step after paying when JavaScript is off. The same step as
 * /api/set-password; the buyer, signed in, is sent home, or back to the form with the refusal's
 * code (never the password).
 */
function setPasswordFormRoute(ctx: AppContext, payments: PaymentsProvider) {
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
  return async function setPasswordFormPlugin(app: FastifyInstance) {
    acceptFormPosts(app, FORM_LIMIT);
    app.post('/set-password', { config: { access: 'public' } }, async (request, reply) => {
      const form = formFields(request.body);
      const sessionId = setPasswordBody.shape.session_id.safeParse(form.session_id);
      if (!sessionId.success) return reply.redirect('/set-password', 303);
      const back = (error: SetPasswordFormError) =>
        reply.redirect(`/set-password?${new URLSearchParams({ session_id: sessionId.data, error })}`, 303);
      const password = form.password ?? '';
      const problem = newPasswordProblem(password, form.confirmPassword ?? '');
      if (problem) return back(formErrorCode(SET_PASSWORD_FORM_ERRORS, problem.description, 'failed'));
      const body = setPasswordBody.safeParse({ session_id: sessionId.data, password });
      if (!body.success) return back('failed');
      let userId;
      try {
        userId = await setPasswordAfterPayment(ctx, payments, body.data.session_id, body.data.password);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500) return back('closed');
        throw err;
      }
      await app.startSession(reply, userId, sessionToken(request));
      return reply.redirect('/', 303);
    });
  };
}

/** A ticked checkbox posts "on"; the plan is a radio choice (monthly when absent). */
function checkoutFormTerms(form: Record<string, string | undefined>) {
  const ticked = (name: string) => form[name] === 'on';
  return {
    confirmAge: ticked('confirmAge'),
    acceptTerms: ticked('acceptTerms'),
    startNow: ticked('startNow'),
    plan: form.plan || undefined,
  };
}

const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed.';

/**
 * POST /api/stripe/webhook. The signature covers the exact bytes sent, so this plugin (and only
 * this one: Fastify encapsulation) keeps the body raw instead of parsing JSON. The same-origin
 * check exempts the path; the signature is the authentication.
 */
function webhookRoutes(ctx: AppContext, payments: PaymentsProvider) {
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
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
