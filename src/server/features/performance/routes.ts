import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TYPE_LABELS, autoPopulateBody, settleBody, tipEditBody, tipRecordBody, type PerformanceActionResult } from '#shared/schemas/performance';
import type { AppContext } from '#server/context';
import { londonDate } from '#shared/london-time';
import { MEMBERS_ONLY_CACHE, seesCurrentDays } from '#server/http/dated-access';
import { badRequest } from '#server/http/errors';
import { parse } from '#server/http/parse';
import { autoPopulate, describeAutoPopulate } from './auto-populate';
import { getResults, listTipRecords } from './get-records';
import { deletePendingTip, editPendingTip, recordTip } from './record-tips';

const idParam = z.object({ id: z.coerce.number({ message: 'Invalid tip record id' }).int('Invalid tip record id').positive('Invalid tip record id') });
import { settleTip } from './settle-tip';
import { settleTipsFromResults } from './settle-from-results';

/** Tipping record (spec 02 §2.6 B.4, §7) and the public proofed results (decision 0006). */
export function performanceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/daily-performance-history', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return listTipRecords(ctx);
  });

  app.post('/api/admin/back-catalogue-entry', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const { startingPrice: _sp, result: _r, profitLoss: _pl, confirmCorrection, ...tip } = parse(tipRecordBody, request.body);
    const { record, replaced } = await recordTip(ctx, tip, { confirmCorrection });
    await settleTipsFromResults(ctx.db, record.raceDate, ctx.clock.now()); // its race may have a result already (issue 20)
    const correction = record.correctedOdds ? `: advised ${record.advisedOdds}, corrected to ${record.correctedOdds}` : '';
    const message = replaced
      ? `${record.selectionName} now the ${TYPE_LABELS[record.selectionType]} for ${record.raceDate} (replaced the pending one)${correction}.`
      : `${record.selectionName} recorded for ${record.raceDate}${correction}.`;
    return { success: true, message, record };
  });

  app.post('/api/admin/auto-populate-performance', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const { date } = parse(autoPopulateBody, request.body);
    const outcome = await autoPopulate(ctx, date);
    await settleTipsFromResults(ctx.db, date, ctx.clock.now()); // races with a result already (issue 20)
    return { success: true, message: describeAutoPopulate(date, outcome), added: outcome.added.length };
  });

  app.put('/api/admin/tip-records/:id', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const { confirmCorrection, ...details } = parse(tipEditBody, request.body);
    const record = await editPendingTip(ctx, parse(idParam, request.params).id, details, { confirmCorrection });
    return { success: true, message: `${record.selectionName} updated for ${record.raceDate}.`, record };
  });

  app.delete('/api/admin/tip-records/:id', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const record = await deletePendingTip(ctx, parse(idParam, request.params).id);
    return { success: true, message: `${record.selectionName} (${TYPE_LABELS[record.selectionType]}, ${record.raceDate}) deleted.`, record };
  });

  app.post<{ Params: { id: string } }>('/api/admin/tip-records/:id/settle', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const id = Number(request.params.id);
    if (!Number.isInteger(id) || id <= 0) throw badRequest('Invalid tip record id');
    const body = parse(settleBody, request.body);
    const record = await settleTip(ctx, id, body.result, body.startingPrice || undefined);
    return { success: true, message: `${record.selectionName} settled as ${record.result}.`, record };
  });

  app.get('/api/results', { config: { access: 'public' } }, async (request, reply) => {
    // Today's settled tips are still today's paid tips (decision 0017): for members until tomorrow.
    const everyDay = await seesCurrentDays(ctx, request.user);
    reply.header('Cache-Control', everyDay ? MEMBERS_ONLY_CACHE : 'no-cache').header('Vary', 'Cookie');
    return getResults(ctx, everyDay ? null : londonDate(ctx.clock.now()));
  });
}
