import { MEMBERS_ONLY_CACHE } from '#server/http/dated-access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { readRoute } from '#server/http/read-routes';
import { readRouteId } from '#server/http/route-id';
import { MAX_PDF_BYTES, readUploadForm, registerUploadScope } from '#server/http/upload-form';
import { clearDayPreviews } from './clear-previews';
import { RACE_PREVIEW_NOT_FOUND, getPreviewFile, listTodayPreviews, todayPreviewsForAdmin } from './list-previews';
import { checkMasterPdf, uploadMasterPdf } from './master-pdf';
import { refreshDailyContent } from './refresh-daily-content';
import { splitMasterPdf } from './split-master-pdf';

export function racePreviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/check-master-pdf', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return checkMasterPdf(ctx);
  });

  // Splits the waiting master PDF into one preview per race (the path is the legacy API's).
  app.post('/api/process-master-pdf', { config: { access: 'admin' } }, async () => splitMasterPdf(ctx));

  app.post('/api/process-daily-content', { config: { access: 'admin' } }, async () => refreshDailyContent(ctx));

  app.post('/api/clear-pdfs', { config: { access: 'admin' } }, async () => clearDayPreviews(ctx));

  readRoute(app, '/api/race-previews', 'member', ({ header }) => {
    header('Cache-Control', MEMBERS_ONLY_CACHE);
    return listTodayPreviews(ctx);
  });

  // The admin's view: every preview of today, marked when it matches no race on today's cards.
  app.get('/api/admin/race-previews', { config: { access: 'admin' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return todayPreviewsForAdmin(ctx);
  });

  app.get<{ Params: { file: string } }>(
    '/api/race-previews/:file',
    { config: { access: 'member' } },
    async (request, reply) => {
      // "<id>.pdf", the id by the one route-id rule; anything else names no preview.
      const id = readRouteId(/^(.*)\.pdf$/.exec(request.params.file)?.[1]);
      if (typeof id !== 'number') throw notFound(RACE_PREVIEW_NOT_FOUND);
      const file = await getPreviewFile(ctx, id);
      reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(Buffer.from(file.data));
    },
  );

  // Multipart is parsed only here, in its own scope with the PDF size limit (as back-catalogue does).
  registerUploadScope(app, MAX_PDF_BYTES, (scope) => {
    scope.post('/api/admin/upload-master-pdf', { config: { access: 'admin' } }, async (request) => {
      const form = await readUploadForm(request, {
        noun: 'master PDF',
        fileField: 'pdf',
        textFields: [],
        maxBytes: MAX_PDF_BYTES,
      });
      return uploadMasterPdf(ctx, { data: form.data, originalName: form.filename });
    });
  });
}
