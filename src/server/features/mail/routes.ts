import type { FastifyInstance } from 'fastify';
import { acceptFormPosts } from '#server/http/form-posts';
import { MAILING_PATHS } from '#shared/mail';
import { unsubscribeBody } from '#shared/schemas/mail';
import { fieldOf, keysOf, stringFieldOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { routeId } from '#server/http/route-id';
import { MESSAGE_NOT_FOUND, outboxMessage, outboxOverview, retryOutboxMessage } from './outbox-view';
import { sendMailing } from './send-mailing';
import { unsubscribeWithToken } from './unsubscribe';
import { MailWorker, createSmtpTransport } from './worker';

const messageId = (raw: string) => routeId(raw, { invalid: 'Invalid message id', notFound: MESSAGE_NOT_FOUND });

/** Mail: the send endpoints, the outbox view, unsubscribe, and this instance's worker. */
export function mailRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const kind of keysOf(MAILING_PATHS)) {
    app.post(MAILING_PATHS[kind], { config: { access: 'admin' } }, async (request) =>
      sendMailing(ctx, kind, request.user!.id),
    );
  }

  app.get('/api/admin/mail/outbox', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return outboxOverview(ctx);
  });
  app.get<{ Params: { id: string } }>(
    '/api/admin/mail/outbox/:id',
    { config: { access: 'admin' } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return outboxMessage(ctx, messageId(request.params.id));
    },
  );
  app.post<{ Params: { id: string } }>(
    '/api/admin/mail/outbox/:id/retry',
    { config: { access: 'admin' } },
    async (request) => {
      const message = await retryOutboxMessage(ctx, messageId(request.params.id));
      return { success: true, message: 'Queued to be sent again.', outboxMessage: message };
    },
  );

  // The unsubscribe link: JSON from our page, or RFC 8058 one-click from a mail client, which
  // POSTs "List-Unsubscribe=One-Click" as a form to the URL (token in the query string).
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or takes `done`)
  void app.register(async (scope) => {
    acceptFormPosts(scope, 1024);
    scope.post('/api/unsubscribe', { config: { access: 'public' } }, async (request) => {
      const token = stringFieldOf(request.body, 'token') ?? fieldOf(request.query, 'token');
      return unsubscribeWithToken(ctx, parse(unsubscribeBody, { token }).token);
    });
  });

  startMailWorkerWithApp(app, ctx);
}

/**
 * The worker runs in every instance that has SMTP_URL (and MAIL_WORKER not off), from the moment
 * the app is ready until it closes; on close (SIGTERM) it finishes the message in hand and gives
 * the rest of its batch back before the database closes. Without SMTP_URL nothing is sent: the
 * mail stays queued in the outbox, where the admin can read it.
 */
function startMailWorkerWithApp(app: FastifyInstance, ctx: AppContext) {
  let worker: MailWorker | null = null;
  app.addHook('onReady', async () => {
    if (!ctx.config.SMTP_URL) {
      ctx.log.warn('SMTP_URL is not set: e-mail is not sent; it stays in the outbox (Admin Panel, Member E-mails).');
      return;
    }
    if (!ctx.config.MAIL_WORKER) {
      ctx.log.info('MAIL_WORKER is off: this instance queues mail; another instance sends it.');
      return;
    }
    if (!ctx.config.PUBLIC_URL) ctx.log.warn('PUBLIC_URL is not set: links in e-mails point at http://localhost.');
    worker = new MailWorker(ctx, createSmtpTransport(ctx.config));
    await worker.start();
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    worker = null;
  });
}
