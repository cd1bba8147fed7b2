import type { FastifyInstance } from 'fastify';
import {
  TYPE_LABELS,
  autoPopulateBody,
  settleBody,
  tipEditBody,
  tipRecordBody,
  type PerformanceActionResult,
} from '#shared/schemas/performance';
import type { AppContext } from '#server/context';
import { londonDate } from '#shared/london-time';
import { MEMBERS_ONLY_CACHE, seesCurrentDays } from '#server/http/dated-access';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { routeId } from '#server/http/route-id';
import { autoPopulate, describeAutoPopulate } from './auto-populate';
import { getResults, listTipRecords } from './get-records';
import { getRecordClaim } from './record-claim';
import { TIP_RECORD_NOT_FOUND, deletePendingTip, editPendingTip, recordTip } from './record-tips';
import { settleTip } from './settle-tip';
import { settleTipsFromResults } from './settle-from-results';

const tipRecordId = (raw: string) => routeId(raw, { invalid: 'Invalid tip record id', notFound: TIP_RECORD_NOT_FOUND });

/** Tipping record and the public proofed results (docs/decisions/0006). */
export function performanceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/daily-performance-history', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return listTipRecords(ctx);
  });

  app.post(
    '/api/admin/back-catalogue-entry',
    { config: { access: 'admin' } },
    async (request): Promise<PerformanceActionResult> => {
      const {
        startingPrice: _sp,
        result: _r,
        profitLoss: _pl,
        confirmCorrection,
        ...tip
      } = parse(tipRecordBody, request.body);
      const { record, replaced } = await recordTip(ctx, tip, { confirmCorrection });
      await settleTipsFromResults(ctx.db, record.raceDate, ctx.clock.now()); // its race may have a result already
      const correction = record.correctedOdds
        ? `: advised ${record.advisedOdds}, corrected to ${record.correctedOdds}`
        : '';
      const message = replaced
        ? `${record.selectionName} now the ${TYPE_LABELS[record.selectionType]} for ${record.raceDate} (replaced the pending one)${correction}.`
        : `${record.selectionName} recorded for ${record.raceDate}${correction}.`;
      return { success: true, message, record };
    },
  );

  app.post(
    '/api/admin/auto-populate-performance',
    { config: { access: 'admin' } },
    async (request): Promise<PerformanceActionResult> => {
      const { date } = parse(autoPopulateBody, request.body);
      const outcome = await autoPopulate(ctx, date);
      await settleTipsFromResults(ctx.db, date, ctx.clock.now()); // races with a result already
      return { success: true, message: describeAutoPopulate(date, outcome), added: outcome.added.length };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/admin/tip-records/:id',
    { config: { access: 'admin' } },
    async (request): Promise<PerformanceActionResult> => {
      const id = tipRecordId(request.params.id); // an impossible id is a 404 before the body is read
      const { confirmCorrection, ...details } = parse(tipEditBody, request.body);
      const record = await editPendingTip(ctx, id, details, { confirmCorrection });
      return { success: true, message: `${record.selectionName} updated for ${record.raceDate}.`, record };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/admin/tip-records/:id',
    { config: { access: 'admin' } },
    async (request): Promise<PerformanceActionResult> => {
      const record = await deletePendingTip(ctx, tipRecordId(request.params.id));
      return {
        success: true,
        message: `${record.selectionName} (${TYPE_LABELS[record.selectionType]}, ${record.raceDate}) deleted.`,
        record,
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/tip-records/:id/settle',
    { config: { access: 'admin' } },
    async (request): Promise<PerformanceActionResult> => {
      const id = tipRecordId(request.params.id);
      const body = parse(settleBody, request.body);
      const record = await settleTip(ctx, id, body.result, body.startingPrice || undefined);
      return { success: true, message: `${record.selectionName} settled as ${record.result}.`, record };
    },
  );

  readRoute(app, '/api/results', 'public', async ({ user, header }) => {
    // Today's settled tips are still today's paid tips (decision 0017): for members until tomorrow.
    const everyDay = await seesCurrentDays(ctx, user);
    header('Cache-Control', everyDay ? MEMBERS_ONLY_CACHE : 'no-cache');
    header('Vary', 'Cookie');
    return getResults(ctx, everyDay ? null : londonDate(ctx.clock.now()));
  });

  readRoute(app, '/api/record-claim', 'public', async ({ header }) => {
    // The same for everyone (past days only); revalidated so a new day's figures show at once.
    header('Cache-Control', 'no-cache');
    return getRecordClaim(ctx);
  });
}
