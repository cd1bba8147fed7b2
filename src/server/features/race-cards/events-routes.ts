import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { RaceCardEventHub } from './events';

/** GET /api/vbg-race-cards-events: a server-sent stream of upload/update notices (spec 02 §4, §7). */
export async function raceCardEventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<RaceCardEventHub> {
  const hub = new RaceCardEventHub(ctx);
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
    hub.add(res);
    request.raw.on('close', () => res.end());
    res.write(': connected\n\n');
  });
  return hub;
}
