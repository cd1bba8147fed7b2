import type { FastifyInstance } from 'fastify';
import {
  alertSettingsBody,
  pushEndpointBody,
  pushSubscriptionBody,
  type PushPublicKeyAnswer,
} from '#shared/schemas/alerts';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { readAlertSettings, saveAlertSettings } from './settings';
import { PUSH_OFF, subscribePush, unsubscribePush } from './subscriptions';

/** Member alerts: the member's choices and their devices' push subscriptions. Members only. */
export function alertsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/push/public-key', { config: { access: 'member' } }, (): PushPublicKeyAnswer => {
    const publicKey = ctx.config.VAPID_PUBLIC_KEY ?? null;
    return publicKey
      ? { enabled: true, publicKey, message: 'Alerts on devices are available.' }
      : { enabled: false, publicKey: null, message: PUSH_OFF };
  });

  app.post('/api/push/subscriptions', { config: { access: 'member' } }, async (request) =>
    subscribePush(
      ctx,
      request.user!.id,
      parse(pushSubscriptionBody, request.body),
      request.headers['user-agent'] ?? '',
    ),
  );

  app.delete('/api/push/subscriptions', { config: { access: 'member' } }, async (request) =>
    unsubscribePush(ctx, request.user!.id, parse(pushEndpointBody, request.body).endpoint),
  );

  app.get('/api/alert-settings', { config: { access: 'member' } }, async (request, reply) => {
    reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
    return readAlertSettings(ctx, request.user!.id);
  });

  app.put('/api/alert-settings', { config: { access: 'member' } }, async (request) => {
    const settings = await saveAlertSettings(ctx, request.user!.id, parse(alertSettingsBody, request.body));
    return { success: true, message: 'Your alert settings are saved.', settings };
  });
}
