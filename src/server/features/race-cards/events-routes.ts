import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { hasMemberAccess, sessionToken } from '../../http/access';
import { liveSessionUser } from '../auth/sessions';
import { RaceCardEventHub } from './events';

/** GET /api/vbg-race-cards-events: a server-sent stream of upload/update notices (spec 02 §4, §7). */
export async function raceCardEventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<RaceCardEventHub> {
  // A stream stays open only while its session is live and still has member access.
  const hub = new RaceCardEventHub(ctx, async (token) => {
    const user = await liveSessionUser(ctx, token);
    return user !== null && (await hasMemberAccess(ctx, user));
  });
  await hub.start();
  // Before the server closes: open streams would otherwise keep it waiting forever.
  app.addHook('preClose', async () => hub.closeConnections());
  app.addHook('onClose', async () => hub.stop());

  app.get('/api/vbg-race-cards-events', { config: { access: 'member' } }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    // The access rule has passed, so the request carries a session cookie.
    hub.add(res, sessionToken(request)!);
    request.raw.on('close', () => res.end());
    res.write(': connected\n\n');
  });
  return hub;
}
