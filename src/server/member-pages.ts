import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { londonDate } from '#shared/london-time';
import type { CurrentUser } from '#shared/schemas/auth';
import { viewerKind } from '#shared/viewer-kind';
import type { AppContext } from './context';
import { AUTH_USER_PATH, directReaderFor, type DirectReader } from './server-render';
import type { BuiltPage } from './web';

/**
 * Members' pages whose content is the same for every member of a day (the tips, the race cards,
 * the value board; decision 0052). Rendering one for each member would cost a React render per
 * member at 8 a.m.; instead a render is kept per content and kind of member:
 *
 * - The render reads its data as the member asking (each read through the route's own access
 *   rule, like any page), except the auth check, which answers with the member's *kind*
 *   (`viewerKind`: role, membership, odds format; no id, address or dates). So the kept markup
 *   holds nothing of any one member.
 * - The reads it made are its plan. A later member of the same kind reads the same paths, as
 *   themselves, and the page's key is a hash of the address, the kind and every answer they got:
 *   the kept markup is served only to someone whose reads answered exactly what it was rendered
 *   from. Fresh data (a price, a result, new tips) gives a new key, so nothing is ever stale and
 *   no write needs to drop these pages; the cache's age limit forgets old keys (and bounds how old
 *   the render's "now" can be).
 * - Each member's own details travel apart, in the viewer element written as the page is sent.
 *
 * Answers null when the auth check does not answer a user (the caller renders for the request).
 */
export function memberPages(app: FastifyInstance, ctx: AppContext) {
  /** The paths the last render read, per day, address and kind of member. */
  const plans = new Map<string, string[]>();
  const pendingPlans = new Map<string, Promise<BuiltPage>>();

  async function renderShared(request: FastifyRequest, kind: string, build: SharedBuild, planKey: string) {
    const asMember = directReaderFor(app, ctx, request);
    const answers: Answer[] = [];
    const read: DirectReader = async (apiPath) => {
      if (apiPath.split('?')[0] === AUTH_USER_PATH) return { status: 200, json: kind };
      const answer = await asMember(apiPath);
      answers.push({ path: apiPath.split('?')[0], ...answer });
      return answer;
    };
    const page = await build(read);
    return { page, key: contentKey(planKey, answers), plan: answers.map((a) => a.path) };
  }

  /** A render for this member, kept under the key of what it read when it may be shared. */
  async function renderAndKeep(request: FastifyRequest, kind: string, build: SharedBuild, planKey: string) {
    const { page, key, plan } = await renderShared(request, kind, build, planKey);
    if (page.rendered && page.status === 200) {
      if (plans.size >= MAX_PLANS && !plans.has(planKey)) plans.clear();
      plans.set(planKey, plan);
      await ctx.cache.get('memberPages', key, () => Promise.resolve(page));
    }
    return page;
  }

  return async function sharedMemberPage(request: FastifyRequest, build: SharedBuild): Promise<BuiltPage | null> {
    const viewer = await directReaderFor(app, ctx, request)(AUTH_USER_PATH);
    if (viewer.status !== 200) return null;
    const kind = JSON.stringify(viewerKind(JSON.parse(viewer.json) as CurrentUser));
    const planKey = `${londonDate(ctx.clock.now())} ${request.url} ${kind}`;
    const plan = plans.get(planKey);
    let page: BuiltPage;
    if (!plan) {
      // The first member of a kind renders; those who arrive meanwhile wait for that render.
      let pending = pendingPlans.get(planKey);
      if (!pending) {
        pending = renderAndKeep(request, kind, build, planKey).finally(() => pendingPlans.delete(planKey));
        pendingPlans.set(planKey, pending);
        page = await pending;
      } else {
        await pending.catch(() => undefined);
        return sharedMemberPage(request, build);
      }
    } else {
      const read = directReaderFor(app, ctx, request);
      const answers = await Promise.all(plan.map(async (path) => ({ path, ...(await read(path)) })));
      const key = contentKey(planKey, answers);
      page =
        ctx.cache.peek<BuiltPage>('memberPages', key) ??
        (await ctx.cache
          .get('memberPages', key, async () => {
            const fresh = await renderShared(request, kind, build, planKey);
            // The data changed between the reads and the render: this member gets the newer page,
            // and the next one makes the new plan.
            if (fresh.key !== key) plans.delete(planKey);
            if (fresh.key !== key || !fresh.page.rendered || fresh.page.status !== 200) throw new NotKept(fresh.page);
            plans.set(planKey, fresh.plan);
            return fresh.page;
          })
          .catch((err: unknown) => {
            if (err instanceof NotKept) return err.page;
            throw err;
          }));
    }
    return { ...page, viewer: viewer.json };
  };
}

/** Builds the page with its data read through `read` (web.ts's buildPage). */
type SharedBuild = (read: DirectReader) => Promise<BuiltPage>;

interface Answer {
  path: string;
  status: number;
  json: string;
}

/** At most this many plans (days × addresses × kinds of member); past it the map starts again. */
const MAX_PLANS = 500;

/** Carries a page out of the cache's load so that it is sent but not kept. */
class NotKept extends Error {
  constructor(readonly page: BuiltPage) {
    super('not kept');
  }
}

/**
 * The key of a page: its plan's key and every answer, by path (the reads finish in any order; the
 * routes read no query string, so a path's query, such as a cache-busting time, is not part of it).
 */
function contentKey(planKey: string, answers: Answer[]): string {
  const hash = crypto.createHash('sha256').update(planKey);
  const sorted = [...answers].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const a of sorted) hash.update(`\u0000${a.path}\u0000${a.status}\u0000`).update(a.json);
  return hash.digest('base64url');
}
