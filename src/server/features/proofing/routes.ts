import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { isPastLondonDay } from '#shared/dated-content';
import { isIsoDay, londonDate } from '#shared/london-time';
import type { ProofingStatus } from '#shared/schemas/proofing';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE, seesCurrentDays } from '#server/http/dated-access';
import { badRequest, HttpError, notFound } from '#server/http/errors';
import { readRoute } from '#server/http/read-routes';
import { listRecordDays, readRecordDay } from './record';
import { proofingStatus } from './status';
import { Stamper } from './stamper';

/**
 * The proofed record: each day's receipts, chain and time-stamps for anyone to check, the admin's
 * view of the stamps, and this instance's stamper (started with the app unless `stamping` is off —
 * tests run passes themselves).
 */
export function proofingRoutes(app: FastifyInstance, ctx: AppContext, opts: { stamping: boolean }) {
  if (opts.stamping) {
    const stamper = new Stamper(ctx);
    app.addHook('onReady', () => stamper.start());
    app.addHook('onClose', () => stamper.stop());
  }

  readRoute(app, '/api/record', 'public', async ({ header }) => {
    header('Cache-Control', 'no-cache');
    return listRecordDays(ctx);
  });

  // Hashes, roots and tokens are public at once; a day's openings (the selections themselves)
  // are for members until the London day is over, as the day's tips are (decision 0017).
  readRoute<{ date: string }>(app, '/api/record/:date', 'public', async ({ user, params, header }) => {
    const { date } = params;
    if (!isIsoDay(date)) throw badRequest('A record is asked for by day: /api/record/YYYY-MM-DD.');
    const over = isPastLondonDay(date, ctx.clock.now());
    const openings = over || (await seesCurrentDays(ctx, user));
    // A member's answer holds what a visitor's does not: never kept by a shared cache.
    header('Cache-Control', over || !openings ? 'no-cache' : MEMBERS_ONLY_CACHE);
    header('Vary', 'Cookie');
    const record = await readRecordDay(ctx, date, { openings });
    if (!record) throw notFound(`No receipts were published for ${date}.`);
    return record;
  });

  // The CA the tokens chain to, for anyone checking them: the same file the stamper trusts.
  app.get('/api/record-tsa-ca', { config: { access: 'public' } }, async (_request, reply) => {
    const caPath = ctx.config.PROOFING_TSA_CA;
    if (!caPath) throw notFound('No time-stamp authority is configured.');
    const pem = await fs.promises.readFile(caPath, 'utf8').catch(() => {
      throw new HttpError(503, "The time-stamp authority's CA file could not be read.");
    });
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Disposition', 'attachment; filename="tsa-ca.pem"')
      .type('application/x-pem-file')
      .send(pem);
  });

  app.get<{ Querystring: { date?: string } }>(
    '/api/admin/proofing/status',
    { config: { access: 'admin' } },
    async (request, reply): Promise<ProofingStatus> => {
      reply.header('Cache-Control', 'no-store');
      const date = request.query.date ?? londonDate(ctx.clock.now());
      if (!isIsoDay(date)) throw badRequest('The day must be YYYY-MM-DD.');
      return proofingStatus(ctx, date);
    },
  );
}
