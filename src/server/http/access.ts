import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { VIEWER_HEADER, writeViewerHeader } from '#shared/offline-viewer';
import { hasActiveSubscription } from '#shared/subscription';
import type { AppContext } from '../context';
import { getSetting } from '#server/settings';
import type { UserRow } from '../db/schema';
import { SESSION_COOKIE, cachedSessionUser, resolveSession } from '#server/sessions/sessions';
import { readCookie } from './cookies';
import { HttpError } from './errors';
import { SAFE_METHODS, addRouteHook, mayWrite } from './route-hooks';
import { offlineSessionKey } from './viewer-header';

/**
 * The one access rule of the API. Every route declares `config: { access }`; a route without
 * one is refused when it is registered, so nothing is reachable by omission.
 *   public   — anyone
 *   signedIn — any signed-in account
 *   member   — an active subscription, an admin, or the "open access" setting on
 *   admin    — role admin
 */
export type Access = 'public' | 'signedIn' | 'member' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Every route as registered, with its declared access (undefined off /api): the security suite reads it. */
    routeTable: RouteRule[];
  }
}

interface RouteRule {
  method: string;
  url: string;
  access: Access | undefined;
}

export const MEMBER_REQUIRED = 'An active subscription is required. Subscribe at /subscribe to get access.';

function isAdmin(user: UserRow | null) {
  return user?.role === 'admin';
}

/** Member access that needs no database read: an admin, or an active subscription now. */
function memberByAccount(ctx: AppContext, user: UserRow | null): boolean {
  return (
    isAdmin(user) || (user !== null && hasActiveSubscription(user, ctx.clock.now(), ctx.config.PAYMENT_GRACE_DAYS))
  );
}

/** Member access for a user at this moment (see Access). */
export async function hasMemberAccess(ctx: AppContext, user: UserRow | null): Promise<boolean> {
  return memberByAccount(ctx, user) || getSetting(ctx, 'openAccess');
}

/** True when `user` certainly passes `access` without a database read; false means "ask checkAccess". */
function grantedAtOnce(ctx: AppContext, access: Access, user: UserRow): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'admin') return isAdmin(user);
  return memberByAccount(ctx, user);
}

export async function checkAccess(ctx: AppContext, access: Access, user: UserRow | null) {
  if (access === 'public') return;
  if (!user) throw new HttpError(401, 'Please sign in to continue.');
  if (access === 'signedIn') return;
  if (access === 'admin') {
    if (!isAdmin(user)) throw new HttpError(403, 'Administrator access is required.');
    return;
  }
  if (!(await hasMemberAccess(ctx, user))) throw new HttpError(403, MEMBER_REQUIRED);
}

/**
 * Tells the offline app who an answer is for (`X-VBG-Viewer`, #shared/offline-viewer), so it learns
 * of a sign-out, a lapse or another session from any read or page: `user` is who the request
 * resolved to (null: nobody), undefined when it did not look (then only "no session cookie" is said,
 * as a visitor). A promise only when the open-access setting must be read.
 */
export function tellViewer(
  ctx: AppContext,
  reply: FastifyReply,
  token: string | undefined,
  user: UserRow | null | undefined,
): Promise<void> | undefined {
  if (!token || user === null) {
    reply.header(VIEWER_HEADER, writeViewerHeader({ kind: 'visitor' }));
    return undefined;
  }
  if (user === undefined) return undefined;
  const say = (member: boolean) => {
    const kind = member ? 'member' : 'account';
    reply.header(VIEWER_HEADER, writeViewerHeader({ kind, session: offlineSessionKey(token) }));
  };
  if (!memberByAccount(ctx, user)) return hasMemberAccess(ctx, user).then(say);
  say(true);
  return undefined;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  const table: RouteRule[] = [];
  app.decorate('routeTable', table);
  // A write on this instance may have changed its writer's account or sessions: they are forgotten
  // before the answer leaves, so the writer's next request reads the new rows even if the trigger's
  // notice (migration 0003) has not come back yet. Everyone else's change reaches them by that notice.
  const forgetWritersSessions: onSendHookHandler = (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) forgetWriter(ctx, request.user);
    done(null, payload);
  };
  // onRequest: decided before any body is read, so a refused caller cannot make us parse an upload.
  // (A callback hook: a visitor's read of a public route settles without a promise.)
  const checkAccessFor =
    (access: Access): onRequestHookHandler =>
    (request, reply, done) => {
      const token = sessionToken(request);
      const admitted = admit(ctx, access, token);
      if (!(admitted instanceof Promise)) {
        request.user = admitted;
        return tellViewerThen(reply, token, admitted, done);
      }
      admitted.then(
        (user) => {
          request.user = user;
          void tellViewerThen(reply, token, user, done);
        },
        (err: Error) => {
          // Refused (401, 403): still said, from the session the check resolved.
          const user = token ? (cachedSessionUser(ctx, token) ?? null) : null;
          void tellViewerThen(reply, token, user, () => done(err));
        },
      );
    };
  /** Says who asked (tellViewer), then carries on: at once unless only the open-access setting can tell. */
  const tellViewerThen = (reply: FastifyReply, token: string | undefined, user: UserRow | null, next: () => void) => {
    const told = tellViewer(ctx, reply, token, user);
    if (told) void told.then(next, next);
    else next();
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access: route.config?.access });
    // Static files and the page shell carry no data and declare no rule: they get no check.
    if (route.config?.access) addRouteHook(route, 'onRequest', checkAccessFor(route.config.access));
    if (mayWrite(route)) addRouteHook(route, 'onSend', forgetWritersSessions);
  });
}

/**
 * What a write forgets of the session cache. A member's write changes their own account only
 * (a use case that changes another account forgets it itself): only the member's sessions go, and
 * everyone else keeps theirs. An administrator's write may change anyone (a grant, a role, a
 * refund), and a write with no one signed in (a payment provider's webhook) anyone it names:
 * those forget every cached session.
 */
function forgetWriter(ctx: AppContext, writer: UserRow | null) {
  if (writer && !isAdmin(writer)) ctx.sessions.forgetUser(writer.id);
  else ctx.sessions.clear();
}

/**
 * The user a request with this session token is, once it passes `access` (null: no one signed
 * in), or an HttpError when it does not. Answered at once, without a promise, when no read is
 * needed: a visitor on a public route, or a user the session cache knows whom the rule lets in
 * (most member requests). Both the access hook of every route and the server render's direct
 * reads (read-routes.ts) decide through this one function.
 */
export function admit(
  ctx: AppContext,
  access: Access,
  token: string | undefined,
): UserRow | null | Promise<UserRow | null> {
  if (!token && access === 'public') return null;
  const user = token ? cachedSessionUser(ctx, token) : undefined;
  if (user && grantedAtOnce(ctx, access, user)) return user;
  return authorize(ctx, access, token);
}

async function authorize(ctx: AppContext, access: Access, token: string | undefined): Promise<UserRow | null> {
  const user = token ? await resolveSession(ctx, token) : null;
  await checkAccess(ctx, access, user);
  return user;
}
