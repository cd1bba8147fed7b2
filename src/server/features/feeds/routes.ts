import type { FastifyInstance } from 'fastify';
import { FEED_PROVIDERS, type FeedProvider } from '#shared/racing-feeds';
import type { FeedRunAnswer, FeedsAnswer } from '#shared/schemas/feeds';
import { londonClock } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { HttpError } from '#server/http/errors';
import { readUploadForm, registerUploadScope } from '#server/http/upload-form';
import { createRacingDataProviders, MAX_BSP_FILE_BYTES } from '#server/providers/racing-data';
import { FeedPoller } from './poller';
import { LABELS, readFeedStatus, statusView } from './status';
import { uploadBspFiles } from './upload-bsp';

/**
 * Price and result feeds: their status and unmatched names for the admin, Run now, the BSP file
 * upload, and this instance's poller (started with the app unless only `manual` is configured, or
 * `polling` is off — tests run polls themselves).
 */
export function feedsRoutes(app: FastifyInstance, ctx: AppContext, opts: { polling: boolean }) {
  const poller = new FeedPoller(ctx, createRacingDataProviders(ctx.config));
  const configured = (id: FeedProvider) => poller.provider(id) !== undefined;
  if (opts.polling && FEED_PROVIDERS.some(configured)) {
    app.addHook('onReady', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  }

  app.get('/api/admin/feeds', { config: { access: 'admin' } }, async (_request, reply): Promise<FeedsAnswer> => {
    reply.header('Cache-Control', 'no-store');
    const feeds = await Promise.all(
      FEED_PROVIDERS.map(async (id) => statusView(await readFeedStatus(ctx, id), configured(id))),
    );
    return { feeds, thisInstancePolls: poller.polls };
  });

  app.post<{ Params: { provider: string } }>(
    '/api/admin/feeds/:provider/run',
    { config: { access: 'admin' } },
    async (request, reply) => {
      const id = FEED_PROVIDERS.find((p) => p === request.params.provider);
      if (!id) throw new HttpError(404, `There is no feed named "${request.params.provider.slice(0, 40)}".`);
      const provider = poller.provider(id);
      if (!provider)
        throw new HttpError(409, `${LABELS[id]} is not switched on: add ${id} to RACING_DATA_PROVIDERS to poll it.`);
      const before = await readFeedStatus(ctx, id);
      if (before.state === 'rate-limited' && before.nextAttemptAt && before.nextAttemptAt > ctx.clock.now()) {
        throw new HttpError(
          409,
          `${LABELS[id]} asked us to slow down: the next attempt is at ${londonClock(before.nextAttemptAt)} (London). Try again then.`,
        );
      }
      const status = await poller.runNow(provider);
      if (!status) {
        const answer: FeedRunAnswer = {
          success: true,
          message: 'Asked the instance that polls the feeds to run it now; this panel shows the outcome shortly.',
          feed: statusView(before, true),
        };
        return reply.code(202).send(answer);
      }
      const failed = status.state === 'failing' || status.state === 'rate-limited';
      const answer: FeedRunAnswer = { success: !failed, message: status.message, feed: statusView(status, true) };
      // The feed failed, not the request: 502 with what happened (not the error handler's generic 5xx),
      // naming the request like every failure's body.
      return failed ? reply.code(502).send({ ...answer, requestId: request.id }) : answer;
    },
  );

  // Two files at most: the win file and, optionally, its place file.
  registerUploadScope(
    app,
    MAX_BSP_FILE_BYTES,
    (scope) => {
      scope.post('/api/admin/feeds/bsp', { config: { access: 'admin' } }, async (request) => {
        const form = await readUploadForm(request, {
          noun: 'BSP file',
          fileField: 'winFile',
          extraFileFields: ['placeFile'],
          textFields: [],
          maxBytes: MAX_BSP_FILE_BYTES,
        });
        const win = form.data ? { data: form.data, filename: form.filename } : undefined;
        return uploadBspFiles(ctx, win, form.extraFiles.placeFile);
      });
    },
    1000,
    2,
  );
}
