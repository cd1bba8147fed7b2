import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRouteHook, mayWrite } from './route-hooks';

const route = (over: Partial<RouteOptions>) =>
  ({ method: 'GET', url: '/x', handler: () => undefined, ...over }) as RouteOptions;
const hook = () => undefined;
const other = () => undefined;

describe('addRouteHook', () => {
  it('adds after the hooks a route already has, single or listed', () => {
    const none = route({});
    addRouteHook(none, 'onRequest', hook);
    expect(none.onRequest).toEqual([hook]);
    const single = route({ onRequest: other });
    addRouteHook(single, 'onRequest', hook);
    expect(single.onRequest).toEqual([other, hook]);
  });

  it('never changes a list another route may share (Fastify copies a GET route for HEAD)', () => {
    const shared = [other];
    const get = route({ onSend: shared });
    const head = { ...get, method: 'HEAD' } as RouteOptions;
    addRouteHook(get, 'onSend', hook);
    expect(shared).toEqual([other]);
    expect(head.onSend).toEqual([other]);
  });
});

describe('mayWrite', () => {
  it('is true when any of the route methods can change something', () => {
    expect(mayWrite(route({ method: 'GET' }))).toBe(false);
    expect(mayWrite(route({ method: ['GET', 'HEAD'] }))).toBe(false);
    expect(mayWrite(route({ method: ['GET', 'POST'] }))).toBe(true);
    expect(mayWrite(route({ method: 'DELETE' }))).toBe(true);
  });
});
