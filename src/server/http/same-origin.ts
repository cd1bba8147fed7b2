import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../env';
import { HttpError } from './errors';
import { SAFE_METHODS, addRouteHook, mayWrite } from './route-hooks';

/**
 * Refuses state-changing requests sent by another site's page. Browsers send Origin on
 * cross-site POSTs (and Referer otherwise); a request with neither comes from a non-browser
 * client, which has no ambient cookies to abuse. SameSite=Lax on the cookie is the second layer.
 * Webhooks are signed instead and are exempt.
 */
export function registerSameOriginCheck(app: FastifyInstance, config: AppConfig, exempt: string[]) {
  const configured = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  const check: onRequestHookHandler = (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const source = request.headers.origin ?? refererOrigin(request);
    if (!source || source === configured || source === ownOrigin(request)) return done();
    done(new HttpError(403, 'Cross-site request refused.'));
  };
  // Only on routes that take a state-changing method (a request for no route changes nothing).
  app.addHook('onRoute', (route) => {
    if (mayWrite(route) && !exempt.some((p) => route.url.startsWith(p))) addRouteHook(route, 'onRequest', check);
  });
}

function refererOrigin(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? ''}`;
}
