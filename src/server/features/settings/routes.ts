import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { publicConfig } from '#server/public-config';
import { getSetting, setSetting } from '#server/settings';

const systemSettingsBody = z.object({ openAccess: z.boolean({ message: 'openAccess must be true or false' }) });

export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/config', { config: { access: 'public' } }, () => publicConfig(ctx.config));

  app.get('/api/admin/settings', { config: { access: 'admin' } }, async () => ({
    openAccess: await getSetting(ctx, 'openAccess'),
  }));

  app.post('/api/admin/settings', { config: { access: 'admin' } }, async (request) => {
    const body = parse(systemSettingsBody, request.body);
    await setSetting(ctx, 'openAccess', body.openAccess);
    return {
      success: true,
      openAccess: body.openAccess,
      message: body.openAccess
        ? 'Open access is on: premium features are open to every signed-in user for testing.'
        : 'Open access is off: premium features need an active subscription.',
    };
  });
}
