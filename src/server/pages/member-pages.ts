import type { FastifyInstance, FastifyRequest } from 'fastify';
import { londonDate } from '#shared/london-time';
import type { CurrentUser } from '#shared/schemas/auth';
import { viewerKind } from '#shared/viewer-kind';
import type { AppContext } from '#server/context';
import { answerOf, type DirectAnswer } from '#server/http/read-routes';
import { isKeepable, type BuiltPage } from './built-page';
import { AUTH_USER_PATH, directReaderFor, type DirectReader } from './server-render';

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
  /** The paths the last kept render read, per day, address and kind of member. */
  const plans = new Map<string, string[]>();
  /** The render under way per day, address and kind: members arriving meanwhile wait for it. */
  const rendering = new Map<string, Promise<BuiltPage>>();

  /** The kept render whose reads answer what this member's reads of its plan answer, if any. */
  async function keptPage(asMember: DirectReader, planKey: string): Promise<BuiltPage | undefined> {
    const plan = plans.get(planKey);
    if (!plan) return undefined;
    const answers = await Promise.all(plan.map(async (path) => ({ path, ...(await asMember(path)) })));
    return ctx.cache.peek<BuiltPage>('memberPages', contentKey(planKey, answers));
  }

  /** A render for this member's kind, kept under the key of what it read when it may be shared. */
  async function renderAndKeep(asMember: DirectReader, kind: string, build: SharedBuild, planKey: string) {
    const answers: Answer[] = [];
    const page = await build(async (apiPath) => {
      const path = apiPath.split('?')[0];
      if (path === AUTH_USER_PATH) return answerOf(200, kind);
      const answer = await asMember(apiPath);
      answers.push({ path, ...answer });
      return answer;
    });
    if (isKeepable(page)) {
      if (plans.size >= MAX_PLANS && !plans.has(planKey)) plans.clear();
      plans.set(
        planKey,
        answers.map((a) => a.path),
      );
      await ctx.cache.get('memberPages', contentKey(planKey, answers), () => Promise.resolve(page));
    }
    return page;
  }

  return async function sharedMemberPage(request: FastifyRequest, build: SharedBuild): Promise<BuiltPage | null> {
    const asMember = directReaderFor(app, ctx, request);
    const viewer = await asMember(AUTH_USER_PATH);
    if (viewer.status !== 200) return null;
    const kind = JSON.stringify(viewerKind(JSON.parse(viewer.json) as CurrentUser));
    const planKey = `${londonDate(ctx.clock.now())} ${request.url} ${kind}`;
    let page = await keptPage(asMember, planKey);
    if (!page) {
      // Nothing kept answers this member's reads (the first of a kind today, or the data changed):
      // one render per kind at a time. Those arriving meanwhile wait for it and look again, and
      // render themselves only if it does not answer their reads either.
      const underWay = rendering.get(planKey);
      if (underWay) {
        await underWay.catch(() => undefined);
        page = await keptPage(asMember, planKey);
      }
      if (!page) {
        const mine = renderAndKeep(asMember, kind, build, planKey);
        rendering.set(planKey, mine);
        try {
          page = await mine;
        } finally {
          if (rendering.get(planKey) === mine) rendering.delete(planKey);
        }
      }
    }
    return { ...page, viewer: viewer.json };
  };
}

/** Builds the page with its data read through `read` (build-page.ts). */
type SharedBuild = (read: DirectReader) => Promise<BuiltPage>;

interface Answer extends DirectAnswer {
  path: string;
}

/** At most this many plans (days × addresses × kinds of member); past it the map starts again. */
const MAX_PLANS = 500;

/**
 * The key of a page: its plan's key and every answer's digest, by path (the reads finish in any
 * order; the routes read no query string, so a path's query, such as a cache-busting time, is not
 * part of it). A cached answer's digest is worked out once, not per member (http/json.ts); the key
 * joins the digests rather than hashing them again.
 */
function contentKey(planKey: string, answers: Answer[]): string {
  const sorted = [...answers].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let key = planKey;
  for (const a of sorted) key += `\u0000${a.path}\u0000${a.status}\u0000${a.digest()}`;
  return key;
}
