import type { FastifyInstance, FastifyRequest } from 'fastify';
import { targetTabSchema, weekdayParam } from '../../../shared/schemas/race-cards';
import type { AdminActionResult } from '../../../shared/schemas/tips';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { parse } from '../../http/parse';
import { readUploadForm, registerUploadScope } from '../../http/upload-form';
import { logRefusedUpload } from './upload-log';
import { MASTER_KIND, uploadMasterExcel, type MasterUpload } from './upload-master-excel';
import { MORNING_ODDS_KIND, uploadMorningOdds, type MorningOddsUpload } from './upload-morning-odds';
import { publishRaceCardEvent } from './events';
import { readMorningOddsText } from './morning-odds-text';
import { uploadVerdict, VERDICT_KIND, type VerdictUpload } from './upload-verdict';

/** Largest master workbook accepted (bytes on the wire; unpacked size is limited in zip-guard). */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
/** Longest "Horse: odds" text sent with the collection upload (a full day is ~25 KB). */
export const MAX_MORNING_ODDS_TEXT = 64 * 1024;
/** Largest verdict document accepted. */
export const MAX_VERDICT_BYTES = 10 * 1024 * 1024;

/** Multipart only in these scopes, each with its own size limit; failures keep the upload-result shape. */
function stageScope(app: FastifyInstance, maxBytes: number, stage: string, unchanged: string, routes: (scope: FastifyInstance) => void, fieldSize?: number) {
  registerUploadScope(app, maxBytes, (scope) => {
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, `${stage} upload failed`);
        return reply.code(500).send({ success: false, message: 'Something went wrong. Please try again.', popupMessage: `${stage} failed.` });
      }
      return reply.code(status).send({ success: false, message: error.message, popupMessage: `${stage} failed: ${unchanged}` });
    });
    routes(scope);
  }, fieldSize);
}

export function raceCardUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  stageScope(app, MAX_WORKBOOK_BYTES, 'Stage 1', 'the previous race cards are unchanged.', (scope) => {
    scope.post('/api/vbg-race-cards/upload-master-excel', { config: { access: 'admin' } }, async (request) => {
      const upload: MasterUpload = { data: undefined, filename: undefined, userId: request.user?.id ?? null, targetTab: 'sunday' };
      try {
        const form = await readUploadForm(request, { noun: 'workbook', fileField: 'masterExcel', textFields: ['targetTab'], maxBytes: MAX_WORKBOOK_BYTES });
        upload.data = form.data;
        upload.filename = form.filename;
        upload.targetTab = parse(targetTabSchema, form.fields.targetTab);
        const { counts: _counts, ...result } = await uploadMasterExcel(ctx, upload);
        await publishRaceCardEvent(ctx, { type: 'upload', weekday: upload.targetTab });
        return result;
      } catch (err) {
        if (err instanceof HttpError) await logRefusedUpload(ctx, MASTER_KIND, upload, err.message);
        throw err;
      }
    });
  });

  const surname = ctx.config.analystSurname;
  stageScope(app, MAX_VERDICT_BYTES, 'Stage 2', 'the previous verdicts are unchanged.', (scope) => {
    scope.post(`/api/vbg-race-cards/upload-${surname}-verdict`, { config: { access: 'admin' } }, async (request: FastifyRequest): Promise<AdminActionResult> => {
      const upload: VerdictUpload = { data: undefined, filename: undefined, userId: request.user?.id ?? null, targetTab: 'sunday' };
      try {
        const form = await readUploadForm(request, { noun: 'verdict document', fileField: `${surname}Verdict`, textFields: ['targetTab'], maxBytes: MAX_VERDICT_BYTES });
        upload.data = form.data;
        upload.filename = form.filename;
        upload.targetTab = parse(targetTabSchema, form.fields.targetTab);
        const result = await uploadVerdict(ctx, upload);
        if (result.success) await publishRaceCardEvent(ctx, { type: 'update', weekday: upload.targetTab });
        return result;
      } catch (err) {
        if (err instanceof HttpError) await logRefusedUpload(ctx, VERDICT_KIND, upload, err.message);
        throw err;
      }
    });
  });

  stageScope(app, MAX_WORKBOOK_BYTES, 'Stage 3', 'the previous odds and summaries are unchanged.', (scope) => {
    scope.post('/api/vbg-race-cards/upload-master-with-morning-odds', { config: { access: 'admin' } }, async (request: FastifyRequest): Promise<AdminActionResult> => {
      const upload: MorningOddsUpload = { data: undefined, filename: undefined, userId: request.user?.id ?? null, targetTab: 'sunday' };
      try {
        const form = await readUploadForm(request, { noun: 'workbook', fileField: 'masterWithOdds', textFields: ['targetTab'], maxBytes: MAX_WORKBOOK_BYTES });
        upload.data = form.data;
        upload.filename = form.filename;
        upload.targetTab = parse(targetTabSchema, form.fields.targetTab);
        const result = await uploadMorningOdds(ctx, upload);
        if (result.success) await publishRaceCardEvent(ctx, { type: 'update', weekday: upload.targetTab });
        return result;
      } catch (err) {
        if (err instanceof HttpError) await logRefusedUpload(ctx, MORNING_ODDS_KIND, upload, err.message);
        throw err;
      }
    });
  });

  // The race card collection upload (spec 02 §3, §7): a workbook for one tab plus optional
  // "Horse: odds" text, both checked before anything is written, then one transaction.
  stageScope(app, MAX_WORKBOOK_BYTES, 'Upload', 'the previous race cards are unchanged.', (scope) => {
    scope.post('/api/vbg-race-cards/upload', { config: { access: 'admin' } }, async (request) => {
      const upload: MasterUpload = { data: undefined, filename: undefined, userId: request.user?.id ?? null, targetTab: 'sunday' };
      try {
        const form = await readUploadForm(request, { noun: 'workbook', fileField: 'spreadsheet', textFields: ['tabType', 'morningOdds'], maxBytes: MAX_WORKBOOK_BYTES });
        upload.data = form.data;
        upload.filename = form.filename;
        upload.targetTab = parse(weekdayParam('tabType'), form.fields.tabType);
        upload.oddsLines = readMorningOddsText(form.fields.morningOdds ?? '', 'The previous race cards are unchanged.');
        const { counts, message } = await uploadMasterExcel(ctx, upload);
        await publishRaceCardEvent(ctx, { type: 'upload', weekday: upload.targetTab });
        return { success: true, message, raceCount: counts.races, horseCount: counts.runners };
      } catch (err) {
        if (err instanceof HttpError) await logRefusedUpload(ctx, MASTER_KIND, upload, err.message);
        throw err;
      }
    });
  }, MAX_MORNING_ODDS_TEXT);
}
