import type { FastifyInstance } from 'fastify';
import { raceResultsBody, type RaceResultsRefusal } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { enterRaceResults, ResultsRefused } from './enter-results';
import { getCalibration } from './get-calibration';
import { rescoreNow } from './score-tissue';
import { tissueScoreCsv } from './tissue-score-csv';
import { hasMemberAccess } from '#server/http/access';
import { londonDate } from '#shared/london-time';

/** Race results, tips settled from them, and the public calibration of the VB tissue (docs/decisions/0028). */
export function raceResultsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/race-results', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parse(raceResultsBody, request.body);
    try {
      return await enterRaceResults(ctx, { date: body.date, lines: body.lines, userId: request.user?.id ?? null });
    } catch (err) {
      if (!(err instanceof ResultsRefused)) throw err;
      const refusal: RaceResultsRefusal = { message: err.message, unmatched: err.unmatched };
      return reply.code(err.statusCode).send({ ...refusal, requestId: request.id });
    }
  });

  readRoute(app, '/api/value-calibration', 'public', async ({ header }) => {
    // The same for everyone (past days only); revalidated so a new result shows at once.
    header('Cache-Control', 'no-cache');
    return getCalibration(ctx);
  });

  // The tissue's scores against the market, one row per runner (decision 0055).
  app.get('/api/value-calibration.csv', { config: { access: 'public' } }, async (request, reply) => {
    const member = await hasMemberAccess(ctx, request.user);
    return reply
      .header('Cache-Control', member ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Cookie')
      .header('Content-Disposition', `attachment; filename="vbg-tissue-scores-${londonDate(ctx.clock.now())}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(await tissueScoreCsv(ctx, member));
  });

  // The admin's Rescore: the nightly scoring, now.
  app.post('/api/admin/value-calibration/rescore', { config: { access: 'admin' } }, async () => rescoreNow(ctx));
}
