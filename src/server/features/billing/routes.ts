import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkoutBody, grantBody, invoiceLinkBody, membersQuery, setPasswordBody } from '../../../shared/schemas/billing';
import type { AppContext } from '../../context';
import { sessionToken } from '../../http/access';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/parse';
import { createPaymentsProvider } from '../../providers/payments';
import { presentUser } from '../auth/current-user';
import { limitRequest } from '../auth/rate-limit';
import { findUserById } from '../auth/users';
import { cancelSubscription } from './cancel-subscription';
import { lookupCheckout } from './checkout-lookup';
import { createCheckout } from './create-checkout';
import { createInvoiceLink } from './invoice-link';
import { localCheckoutRoutes } from './local-checkout-routes';
import { grantMembership, listMembers, revokeMembership } from './members';
import { resumeSubscription } from './resume-subscription';
import { setPasswordAfterPayment } from './set-password';
import { publicBase } from './urls';
import { webhookRoutes } from './webhook-routes';

const idParam = z.object({ id: z.coerce.number({ message: 'Invalid member id' }).int('Invalid member id').positive('Invalid member id') });
const sessionParam = z.object({ id: z.string().trim().min(1).max(200) });

const NO_BILLING_PORTAL = 'Billing management is available only when payments are handled by Stripe.';
const NO_BILLING_ACCOUNT = 'There is no billing account for you yet.';

/** Billing: checkout, the post-payment password step, cancel and resume, the portal, admin members, invoice links, webhooks. */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);

  app.post('/api/create-checkout-session', { config: { access: 'public' } }, async (request) => {
    const signedIn = request.user;
    // A signed-in non-member checks out for their own address (DESIGN decision 2).
    const email = signedIn ? undefined : parse(checkoutBody, request.body).email;
    await limitRequest(ctx, 'checkout', request.ip, email ?? signedIn!.email); // no probing of addresses at machine speed
    return createCheckout(ctx, payments, { signedIn, email, baseUrl: publicBase(ctx, request) });
  });

  app.get('/api/checkout-session/:id', { config: { access: 'public' } }, async (request, reply) => {
    const { id } = parse(sessionParam, request.params);
    reply.header('Cache-Control', 'no-store');
    return lookupCheckout(ctx, payments, id);
  });

  app.post('/api/set-password', { config: { access: 'public' } }, async (request, reply) => {
    const body = parse(setPasswordBody, request.body);
    const userId = await setPasswordAfterPayment(ctx, payments, body.session_id, body.password);
    await app.startSession(reply, userId, sessionToken(request));
    const user = await findUserById(ctx, userId);
    return { success: true, message: 'Password set successfully', user: await presentUser(ctx, user!) };
  });

  app.post('/api/cancel-subscription', { config: { access: 'signedIn' } }, async (request) => {
    return cancelSubscription(ctx, payments, request.user!);
  });

  app.post('/api/resume-subscription', { config: { access: 'signedIn' } }, async (request) => {
    return resumeSubscription(ctx, payments, request.user!);
  });

  app.post('/api/billing-portal', { config: { access: 'signedIn' } }, async (request) => {
    if (payments.kind !== 'stripe') throw notFound(NO_BILLING_PORTAL);
    const customerId = request.user!.stripeCustomerId;
    if (!customerId) throw badRequest(NO_BILLING_ACCOUNT);
    const portal = await payments.createBillingPortalSession(customerId, `${publicBase(ctx, request)}/my-account`);
    if (!portal) throw notFound(NO_BILLING_PORTAL);
    return { url: portal.url };
  });

  app.get('/api/admin/members', { config: { access: 'admin' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listMembers(ctx, parse(membersQuery, request.query));
  });

  app.post('/api/admin/members/:id/grant', { config: { access: 'admin' } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const member = await grantMembership(ctx, id, parse(grantBody, request.body));
    return { success: true, message: `Access granted to ${member.email}.`, member };
  });

  app.post('/api/admin/members/:id/revoke', { config: { access: 'admin' } }, async (request) => {
    const { id } = parse(idParam, request.params);
    const member = await revokeMembership(ctx, id);
    return { success: true, message: `Access revoked for ${member.email}.`, member };
  });

  app.post('/api/create-invoice-link', { config: { access: 'admin' } }, async (request) => {
    return createInvoiceLink(ctx, payments, parse(invoiceLinkBody, request.body), publicBase(ctx, request));
  });

  void app.register(webhookRoutes(ctx, payments));
  if (payments.kind === 'local') void app.register(localCheckoutRoutes(ctx, payments));
}
