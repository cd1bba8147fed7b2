import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  clearDayParam,
  defaultWeekdayBody,
  morningOddsTextBody,
  targetTabSchema,
  weekdayParam,
} from '#shared/schemas/race-cards';
import type { AdminActionResult } from '#shared/schemas/tips';
import { fieldOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { cachedJsonText } from '#server/http/json';
import { readRoute } from '#server/http/read-routes';
import { parse } from '#server/http/parse';
import { readRouteId } from '#server/http/route-id';
import { RaceCardEventHub, lastEventIdOf, publishRaceCardEvent } from './events';
import { MORNING_ODDS_TEXT_KIND, readMorningOddsText, updateMorningOddsFromText } from './morning-odds-text';
import { REPROCESS_KIND, reprocessLastMaster } from './reprocess-master';
import { loggedUpload } from './upload-log';
import { clearAll, clearDay, clearWeekday } from './clear-weekday';
import { RACE_NOT_FOUND, cachedRaceCardsMetadataJson, getRaceCard, raceCardsByDay } from './read-race-cards';
import { readDefaultWeekday, saveDefaultWeekday } from './default-weekday';
import { workingWeekday } from './working-weekday';
import { MAX_MORNING_ODDS_TEXT, MAX_VERDICT_BYTES, MAX_WORKBOOK_BYTES, stageScope } from './upload-scope';
import { MASTER_KIND, uploadMasterExcel, type MasterUpload } from './upload-master-excel';
import { MORNING_ODDS_KIND, uploadMorningOdds } from './upload-morning-odds';
import { uploadVerdict, VERDICT_KIND, type VerdictUpload } from './upload-verdict';
import { hasMemberAccess, sessionToken } from '#server/http/access';
import { readUploadForm } from '#server/http/upload-form';
import { REQUEST_ID_HEADER } from '#server/http/request-id';
import { liveSessionUser } from '#server/sessions/sessions';

const clearParam = weekdayParam('The weekday');

/** An upload before its form is read: only the sender is known, which a refusal then logs. */
const newUpload = (request: FastifyRequest): MasterUpload => ({
  data: undefined,
  filename: undefined,
  userId: request.user?.id ?? null,
  targetTab: 'sunday',
});

/** Reads a stage's form (one file and its `targetTab`) into the upload, so a later refusal logs the file too. */
async function readStageForm<U extends VerdictUpload>(
  request: FastifyRequest,
  upload: U,
  spec: { noun: string; fileField: string; maxBytes: number },
): Promise<U> {
  const form = await readUploadForm(request, { ...spec, textFields: ['targetTab'] });
  upload.data = form.data;
  upload.filename = form.filename;
  upload.targetTab = parse(targetTabSchema, form.fields.targetTab);
  return upload;
}

/** Every race-card route: reading, the event stream, the five morning stages, clearing. */
export async function raceCardsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // GET /api/vbg-race-cards-events: a server-sent stream of race-card events (decision 0059).
  // A stream stays open only while its session is live and still has member access.
  const hub = new RaceCardEventHub(ctx, async (token) => {
    const user = await liveSessionUser(ctx, token);
    return user !== null && (await hasMemberAccess(ctx, user));
  });
  await hub.start();
  // Before the server closes: open streams would otherwise keep it waiting forever.
  app.addHook('preClose', (done) => {
    hub.closeConnections();
    done();
  });
  app.addHook('onClose', async () => hub.stop());

  app.get('/api/vbg-race-cards-events', { config: { access: 'member' } }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      // Hijacked: the headers the reply was given in onRequest are not sent, so the id is named here.
      [REQUEST_ID_HEADER]: request.id,
    });
    // The access rule has passed, so the request carries a session cookie and its user.
    // A reconnect names the last event it had: the browser's own in Last-Event-ID, the page's
    // own reconnect in `lastEventId`. It is sent what it missed, from any instance's events.
    const lastEventId =
      lastEventIdOf(request.headers['last-event-id']) ?? lastEventIdOf(fieldOf(request.query, 'lastEventId'));
    // The browser's own reconnect waits 2–5 s, spread so a restart's streams do not all come back at once.
    res.write(`retry: ${2_000 + Math.floor(Math.random() * 3_000)}\n: connected\n\n`);
    hub.add(res, sessionToken(request)!, request.user!.id, lastEventId);
    request.raw.on('close', () => res.end());
  });

  // Not an async handler: on a cache hit the answer goes out without a promise (decision 0024).
  readRoute(app, '/api/vbg-race-cards-metadata', 'member', ({ query, header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    const raw = query.t ?? query.v;
    const buster = raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
    return cachedRaceCardsMetadataJson(ctx, buster);
  });

  readRoute<{ id: string }>(app, '/api/vbg-race-cards/race/:id', 'member', ({ params, header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    // A race id from the shared cache (at once on a hit; "007" and "7" are one key); anything
    // that names no race answers 404, a malformed id as well (a members' read, like a link).
    const id = readRouteId(params.id);
    if (typeof id !== 'number') throw notFound(RACE_NOT_FOUND);
    return cachedJsonText(ctx.cache, 'raceCards', `race:${id}`, async () =>
      JSON.stringify(await getRaceCard(ctx, id, { members: true })),
    );
  });

  app.delete<{ Params: { weekday: string } }>(
    '/api/vbg-race-cards/clear-weekday/:weekday',
    { config: { access: 'admin' } },
    async (request) => {
      const { message } = await clearWeekday(ctx, parse(clearParam, request.params.weekday));
      return { message };
    },
  );

  readRoute(app, '/api/vbg-race-cards', 'member', ({ header }) => {
    // The client keeps it fresh for 30 s and reloads it on a race-card event, so the
    // browser's HTTP cache must not answer that reload with the old list.
    header('Cache-Control', 'private, no-cache');
    return raceCardsByDay(ctx);
  });

  app.delete<{ Params: { day: string } }>(
    '/api/vbg-race-cards/clear-day/:day',
    { config: { access: 'admin' } },
    async (request) => {
      const { message } = await clearDay(ctx, parse(clearDayParam, request.params.day));
      return { message };
    },
  );

  app.delete('/api/vbg-race-cards/clear-all', { config: { access: 'admin' } }, async () => {
    const { message } = await clearAll(ctx);
    return { message };
  });

  app.post('/api/vbg-race-cards/morning-odds', { config: { access: 'admin' } }, async (request) => {
    const userId = request.user?.id ?? null;
    return loggedUpload(ctx, MORNING_ODDS_TEXT_KIND, { userId }, async () => {
      const body = parse(morningOddsTextBody, request.body);
      const result = await updateMorningOddsFromText(ctx, { weekday: body.tabType, text: body.morningOdds, userId });
      await publishRaceCardEvent(ctx, { type: 'update', weekday: body.tabType });
      return result;
    });
  });

  app.post('/api/vbg-race-cards/hard-coded-upload', { config: { access: 'admin' } }, async (request) => {
    const userId = request.user?.id ?? null;
    return loggedUpload(ctx, REPROCESS_KIND, { userId }, async () => {
      const result = await reprocessLastMaster(ctx, userId);
      await publishRaceCardEvent(ctx, { type: 'upload', weekday: result.weekday });
      return { success: true, message: result.message, raceCount: result.raceCount, horseCount: result.horseCount };
    });
  });

  // What re-processing would change, written nowhere: the admin confirms it first.
  app.post('/api/vbg-race-cards/hard-coded-upload/preview', { config: { access: 'admin' } }, async (request) => {
    const result = await reprocessLastMaster(ctx, request.user?.id ?? null, { dryRun: true });
    return {
      success: true,
      message: result.message,
      weekday: result.weekday,
      raceCount: result.raceCount,
      horseCount: result.horseCount,
      changes: result.changes,
    };
  });

  // Stage 4: the weekday tab the race cards open on.
  readRoute(app, '/api/admin-settings/default-weekday', 'signedIn', () => readDefaultWeekday(ctx));
  app.post('/api/admin-settings/default-weekday', { config: { access: 'admin' } }, async (request) =>
    saveDefaultWeekday(ctx, parse(defaultWeekdayBody, request.body)),
  );
  // The tab the morning stages start on: where the last workbook went while that day is ahead, else today's.
  app.get('/api/vbg-race-cards/working-weekday', { config: { access: 'admin' } }, async () => workingWeekday(ctx));

  stageScope(app, MAX_WORKBOOK_BYTES, 'Stage 1', 'the previous race cards are unchanged.', (scope) => {
    const readMaster = (request: FastifyRequest, upload: MasterUpload) =>
      readStageForm(request, upload, { noun: 'workbook', fileField: 'masterExcel', maxBytes: MAX_WORKBOOK_BYTES });
    scope.post('/api/vbg-race-cards/upload-master-excel', { config: { access: 'admin' } }, async (request) => {
      const upload = newUpload(request);
      return loggedUpload(ctx, MASTER_KIND, upload, async () => {
        // The spec's answer (success, message, popupMessage); the message names any race that went.
        const {
          counts: _counts,
          summary: _summary,
          removedRaces: _removed,
          ...result
        } = await uploadMasterExcel(ctx, await readMaster(request, upload));
        await publishRaceCardEvent(ctx, { type: 'upload', weekday: upload.targetTab });
        return result;
      });
    });
    // What uploading would change, written nowhere: over a day that has cards the admin confirms first.
    scope.post('/api/vbg-race-cards/upload-master-excel/preview', { config: { access: 'admin' } }, async (request) => {
      const upload = newUpload(request);
      const { counts: _counts, ...result } = await uploadMasterExcel(ctx, await readMaster(request, upload), {
        dryRun: true,
      });
      return result;
    });
  });

  const surname = ctx.config.analystSurname;
  stageScope(app, MAX_VERDICT_BYTES, 'Stage 2', 'the previous verdicts are unchanged.', (scope) => {
    scope.post(
      `/api/vbg-race-cards/upload-${surname}-verdict`,
      { config: { access: 'admin' } },
      async (request: FastifyRequest): Promise<AdminActionResult> => {
        const upload = newUpload(request);
        return loggedUpload(ctx, VERDICT_KIND, upload, async () => {
          const result = await uploadVerdict(
            ctx,
            await readStageForm(request, upload, {
              noun: 'verdict document',
              fileField: `${surname}Verdict`,
              maxBytes: MAX_VERDICT_BYTES,
            }),
          );
          if (result.success) await publishRaceCardEvent(ctx, { type: 'update', weekday: upload.targetTab });
          return result;
        });
      },
    );
  });

  stageScope(app, MAX_WORKBOOK_BYTES, 'Stage 3', 'the previous odds and summaries are unchanged.', (scope) => {
    scope.post(
      '/api/vbg-race-cards/upload-master-with-morning-odds',
      { config: { access: 'admin' } },
      async (request: FastifyRequest): Promise<AdminActionResult> => {
        const upload = newUpload(request);
        return loggedUpload(ctx, MORNING_ODDS_KIND, upload, async () => {
          const result = await uploadMorningOdds(
            ctx,
            await readStageForm(request, upload, {
              noun: 'workbook',
              fileField: 'masterWithOdds',
              maxBytes: MAX_WORKBOOK_BYTES,
            }),
          );
          if (result.success) await publishRaceCardEvent(ctx, { type: 'update', weekday: upload.targetTab });
          return result;
        });
      },
    );
  });

  // The race card collection upload: a workbook for one tab plus optional
  // "Horse: odds" text, both checked before anything is written, then one transaction.
  stageScope(
    app,
    MAX_WORKBOOK_BYTES,
    'Upload',
    'the previous race cards are unchanged.',
    (scope) => {
      scope.post('/api/vbg-race-cards/upload', { config: { access: 'admin' } }, async (request) => {
        const upload = newUpload(request);
        return loggedUpload(ctx, MASTER_KIND, upload, async () => {
          const form = await readUploadForm(request, {
            noun: 'workbook',
            fileField: 'spreadsheet',
            textFields: ['tabType', 'morningOdds'],
            maxBytes: MAX_WORKBOOK_BYTES,
          });
          upload.data = form.data;
          upload.filename = form.filename;
          upload.targetTab = parse(weekdayParam('tabType'), form.fields.tabType);
          upload.oddsLines = readMorningOddsText(
            form.fields.morningOdds ?? '',
            'The previous race cards are unchanged.',
          );
          const { counts, message } = await uploadMasterExcel(ctx, upload);
          await publishRaceCardEvent(ctx, { type: 'upload', weekday: upload.targetTab });
          return { success: true, message, raceCount: counts.races, horseCount: counts.runners };
        });
      });
    },
    MAX_MORNING_ODDS_TEXT,
  );
}
