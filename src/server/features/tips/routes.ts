import type { FastifyInstance } from 'fastify';
import { isIsoDay } from '#shared/london-time';
import { contentUploadBody, type PublishTipsResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE, requireDayAccess } from '#server/http/dated-access';
import { badRequest } from '#server/http/errors';
import { cachedJsonText } from '#server/http/json';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { getDailyTips, getHistoricalTips } from './get-tips';
import { publishTips } from './publish-tips';

export function tipsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/secure-content-upload', { config: { access: 'admin' } }, async (request) => {
    const body = parse(contentUploadBody, request.body);
    const { row, legs, receiptsAdded, withoutRace } = await publishTips(ctx, body);
    const receipts =
      receiptsAdded === 0
        ? 'No new receipts: the selections are as already receipted.'
        : `${receiptsAdded} new receipt${receiptsAdded === 1 ? '' : 's'}.`;
    const noRace = withoutRace.length
      ? ` No receipt for the ${withoutRace.join(' or the ')}: its race (time and course) could not be read.`
      : '';
    const answer: PublishTipsResult = {
      success: true,
      message: `Tips and preview published for ${row.tipsDate}. ${receipts}${noRace}`,
      popupMessage: 'Daily tips are live for members.',
      legs,
      receiptsAdded,
    };
    return answer;
  });

  // Not an async read: a cache hit answers without a promise (decision 0024).
  readRoute(app, '/api/daily-tips', 'member', ({ header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    return cachedJsonText(ctx.cache, 'dailyTips', 'live', async () => JSON.stringify(await getDailyTips(ctx)));
  });

  readRoute<{ date: string }>(app, '/api/historical-tips/:date', 'public', async (asker) => {
    const { date } = asker.params;
    if (!isIsoDay(date)) throw badRequest('Invalid date');
    // Today's and later days' tips are for members (decision 10). Decided before the lookup, so
    // a refusal says nothing about whether tips exist for that day.
    const membersOnly = await requireDayAccess(ctx, asker, date);
    if (!membersOnly) asker.header('Cache-Control', 'no-cache');
    return getHistoricalTips(ctx, date);
  });
}
