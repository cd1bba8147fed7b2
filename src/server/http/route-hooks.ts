import type { RouteOptions, onRequestHookHandler, onSendHookHandler } from 'fastify';

/** Methods that change nothing (the routes keep to that). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Adds a hook to one route from an onRoute hook. A hook only some routes need is attached to
 * those routes alone, so every other request skips it: a GET with no onSend hook at all takes
 * Fastify's direct path to the socket (decision 0016). Route hooks run after the global ones,
 * in the order they were added. A new array each time: Fastify copies a GET route's options for
 * its HEAD route before the onRoute hooks run, and the copy must not see the GET's additions.
 */
export function addRouteHook(
  route: RouteOptions,
  ...[name, hook]: ['onRequest', onRequestHookHandler] | ['onSend', onSendHookHandler]
): void {
  if (name === 'onRequest') {
    const existing = route.onRequest;
    route.onRequest = [...(existing === undefined ? [] : [existing].flat()), hook];
  } else {
    const existing = route.onSend;
    route.onSend = [...(existing === undefined ? [] : [existing].flat()), hook];
  }
}

/** True when the route answers a method that may change something (POST, PUT, PATCH, DELETE). */
export function mayWrite(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => !SAFE_METHODS.has(method));
}
