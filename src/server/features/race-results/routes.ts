import type { FastifyInstance } from 'fastify';
import { raceResultsBody, type RaceResultsRefusal } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { enterRaceResults, ResultsRefused } from './enter-results';
import { getCalibration } from './get-calibration';

/** Race results, tips settled from them, and the public calibration of the VB tissue (docs/decisions/0028). */
export function raceResultsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/race-results', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parse(raceResultsBody, request.body);
    try {
      return await enterRaceResults(ctx, { date: body.date, lines: body.lines, userId: request.user?.id ?? null });
    } catch (err) {
      if (!(err instanceof ResultsRefused)) throw err;
      const refusal: RaceResultsRefusal = { message: err.message, unmatched: err.unmatched };
      return reply.code(err.statusCode).send(refusal);
    }
  });

  readRoute(app, '/api/value-calibration', 'public', async ({ header }) => {
    // The same for everyone (past days only); revalidated so a new result shows at once.
    header('Cache-Control', 'no-cache');
    return getCalibration(ctx);
  });
}
