import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { messageOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { addRouteHook, mayWrite } from '#server/http/route-hooks';

/**
 * Rendered pages show content that admins write: every admin write that succeeds drops them here
 * and on the other instances (the article, race-card and tips writes drop them as well, through
 * their own namespaces). Attached to admin write routes only (decision 0016: reads pay nothing).
 */
export function registerPageCacheInvalidation(app: FastifyInstance, ctx: AppContext) {
  const dropPages: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    ctx.cache.invalidate('pages').then(
      () => done(null, payload),
      (err: unknown) => done(err instanceof Error ? err : new Error(messageOf(err))),
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'admin' && mayWrite(route)) addRouteHook(route, 'onSend', dropPages);
  });
}
