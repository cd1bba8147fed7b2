import type { FastifyInstance } from 'fastify';
import { autoPopulateBody, settleBody, tipRecordBody, type PerformanceActionResult } from '../../../shared/schemas/performance';
import type { AppContext } from '../../context';
import { londonDate } from '../../../shared/london-time';
import { MEMBERS_ONLY_CACHE, seesCurrentDays } from '../../http/dated-access';
import { badRequest } from '../../http/errors';
import { parse } from '../../http/parse';
import { autoPopulate } from './auto-populate';
import { getResults, listTipRecords } from './get-records';
import { recordTip } from './record-tips';
import { settleTip } from './settle-tip';

/** Tipping record (spec 02 §2.6 B.4, §7) and the public proofed results (decision 0006). */
export function performanceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/daily-performance-history', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return listTipRecords(ctx);
  });

  app.post('/api/admin/back-catalogue-entry', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const { startingPrice: _sp, result: _r, profitLoss: _pl, ...tip } = parse(tipRecordBody, request.body);
    const record = await recordTip(ctx, tip);
    return { success: true, message: `${record.selectionName} recorded for ${record.raceDate}.`, record };
  });

  app.post('/api/admin/auto-populate-performance', { config: { access: 'admin' } }, async (request): Promise<PerformanceActionResult> => {
    const { date } = parse(autoPopulateBody, request.body);
    const { added, unreadable } = await autoPopulate(ctx, date);
    const n = added.length;
    let message = n === 0 ? `Nothing to add: the tips for ${date} are already recorded.` : `${n} tip${n === 1 ? '' : 's'} added for ${date}.`;
    if (unreadable.length) message += ` Could not read: ${unreadable.join(', ')}.`;
    return { success: true, message, added: n };
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
