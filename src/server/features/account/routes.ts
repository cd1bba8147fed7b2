import type { FastifyInstance } from 'fastify';
import { londonDate } from '#shared/london-time';
import { deleteAccountBody, emailPauseBody } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { sessionToken } from '#server/http/access';
import { parse } from '#server/http/parse';
import { createPaymentsProvider } from '#server/providers/payments';
import { clearSessionCookie } from '#server/sessions/session-cookie';
import { deleteAccount } from './delete-account';
import { endEmailPause, pauseEmails } from './email-pause';
import { exportMyData } from './my-data';

/** A member's own data rights: download everything held about them, delete the account, pause member e-mails. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const payments = createPaymentsProvider(ctx);

  app.get('/api/my-data', { config: { access: 'signedIn' } }, async (request, reply) => {
    const data = await exportMyData(ctx, request.user!, sessionToken(request));
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="vbg-my-data-${londonDate(ctx.clock.now())}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete('/api/my-account', { config: { access: 'signedIn' } }, async (request, reply) => {
    const { password } = parse(deleteAccountBody, request.body);
    const result = await deleteAccount(ctx, payments, request.user!, password);
    clearSessionCookie(ctx, request, reply);
    return result;
  });

  app.post('/api/my-email-pause', { config: { access: 'signedIn' } }, async (request) => {
    return pauseEmails(ctx, request.user!.id, parse(emailPauseBody, request.body));
  });

  app.delete('/api/my-email-pause', { config: { access: 'signedIn' } }, async (request) => {
    return endEmailPause(ctx, request.user!.id);
  });
}
