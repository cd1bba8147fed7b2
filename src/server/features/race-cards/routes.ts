import type { FastifyInstance } from 'fastify';
import { clearDayParam, morningOddsTextBody, weekdayParam } from '../../../shared/schemas/race-cards';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { sendCachedJson, sendJson } from '../../http/json';
import { parse } from '../../http/parse';
import { publishRaceCardEvent } from './events';
import { MORNING_ODDS_TEXT_KIND, updateMorningOddsFromText } from './morning-odds-text';
import { REPROCESS_KIND, reprocessLastMaster } from './reprocess-master';
import { logRefusedUpload } from './upload-log';
import { clearAll, clearDay, clearWeekday } from './clear-weekday';
import { cachedRaceCardJson, cachedRaceCardsMetadataJson, getRaceCard, raceCardsByDay, raceIdKey } from './read-race-cards';
import { defaultWeekdayRoutes } from './default-weekday';
import { raceCardUploadRoutes } from './upload-routes';

const NO_STORE = 'private, no-cache, no-store, must-revalidate';
const clearParam = weekdayParam('The weekday');

export function raceCardsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Not an async handler: on a cache hit the answer goes out without a promise (decision 0024).
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/vbg-race-cards-metadata', { config: { access: 'member' } }, (request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    const raw = request.query.t ?? request.query.v;
    const buster = raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
    const json = cachedRaceCardsMetadataJson(ctx, buster);
    if (typeof json !== 'string') return json.then((body) => sendJson(reply, body));
    sendJson(reply, json);
  });

  app.get<{ Params: { id: string } }>('/api/vbg-race-cards/race/:id', { config: { access: 'member' } }, (request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    const id = raceIdKey(request.params.id);
    // A well-formed id from the shared cache (at once on a hit); anything else answers 404.
    if (id === null) return cachedRaceCardJson(ctx, request.params.id).then((body) => sendJson(reply, body));
    return sendCachedJson(reply, ctx.cache, 'raceCards', `race:${id}`, async () => JSON.stringify(await getRaceCard(ctx, id)));
  });

  app.delete<{ Params: { weekday: string } }>('/api/vbg-race-cards/clear-weekday/:weekday', { config: { access: 'admin' } }, async (request) => {
    const { message } = await clearWeekday(ctx, parse(clearParam, request.params.weekday));
    return { message };
  });

  app.get('/api/vbg-race-cards', { config: { access: 'member' } }, async (_request, reply) => {
    // The client keeps it fresh for 30 s (spec 02) and reloads it on a race-card event, so the
    // browser's HTTP cache must not answer that reload with the old list.
    reply.header('Cache-Control', 'private, no-cache');
    return raceCardsByDay(ctx);
  });

  app.delete<{ Params: { day: string } }>('/api/vbg-race-cards/clear-day/:day', { config: { access: 'admin' } }, async (request) => {
    const { message } = await clearDay(ctx, parse(clearDayParam, request.params.day));
    return { message };
  });

  app.delete('/api/vbg-race-cards/clear-all', { config: { access: 'admin' } }, async () => {
    const { message } = await clearAll(ctx);
    return { message };
  });

  app.post('/api/vbg-race-cards/morning-odds', { config: { access: 'admin' } }, async (request) => {
    const userId = request.user?.id ?? null;
    try {
      const body = parse(morningOddsTextBody, request.body);
      const result = await updateMorningOddsFromText(ctx, { weekday: body.tabType, text: body.morningOdds, userId });
      await publishRaceCardEvent(ctx, { type: 'update', weekday: body.tabType });
      return result;
    } catch (err) {
      if (err instanceof HttpError) await logRefusedUpload(ctx, MORNING_ODDS_TEXT_KIND, { userId }, err.message);
      throw err;
    }
  });

  app.post('/api/vbg-race-cards/hard-coded-upload', { config: { access: 'admin' } }, async (request) => {
    const userId = request.user?.id ?? null;
    try {
      const result = await reprocessLastMaster(ctx, userId);
      await publishRaceCardEvent(ctx, { type: 'upload', weekday: result.weekday });
      return { success: true, message: result.message, raceCount: result.raceCount, horseCount: result.horseCount };
    } catch (err) {
      if (err instanceof HttpError) await logRefusedUpload(ctx, REPROCESS_KIND, { userId }, err.message);
      throw err;
    }
  });

  // What re-processing would change, written nowhere: the admin confirms it first (issue 16 item 1).
  app.post('/api/vbg-race-cards/hard-coded-upload/preview', { config: { access: 'admin' } }, async (request) => {
    const result = await reprocessLastMaster(ctx, request.user?.id ?? null, { dryRun: true });
    return { success: true, message: result.message, weekday: result.weekday, raceCount: result.raceCount, horseCount: result.horseCount, changes: result.changes };
  });

  raceCardUploadRoutes(app, ctx);
  defaultWeekdayRoutes(app, ctx);
}
