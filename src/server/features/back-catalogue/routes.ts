import type { FastifyInstance } from 'fastify';
import { londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { MEMBERS_ONLY_CACHE, requireDayAccess, seesCurrentDays } from '#server/http/dated-access';
import { readRoute } from '#server/http/read-routes';
import { MAX_PDF_BYTES, readUploadForm, registerUploadScope, type UploadFormSpec } from '#server/http/upload-form';
import { getAttachedAsset, readAssetBytes } from './get-asset';
import { importBackCatalogue } from './import-back-catalogue';
import { listBackCatalogue } from './list-entries';
import { moveToLibrary } from './move-to-library';
import { uploadBackCataloguePdf } from './upload-pdf';
const pdfForm: UploadFormSpec = { noun: 'PDF', fileField: 'pdf', textFields: ['date'], maxBytes: MAX_PDF_BYTES };

export function backCatalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  readRoute(app, '/api/back-catalogue', 'public', async ({ user, header }) => {
    // Today's and later entries are listed for members only (decision 10): the answer depends on who asks.
    const everyDay = await seesCurrentDays(ctx, user);
    header('Cache-Control', everyDay ? MEMBERS_ONLY_CACHE : 'no-cache');
    header('Vary', 'Cookie');
    return listBackCatalogue(ctx, everyDay ? null : londonDate(ctx.clock.now()));
  });

  app.post('/api/move-to-library', { config: { access: 'admin' } }, async () => moveToLibrary(ctx));

  app.post('/api/import-back-catalogue', { config: { access: 'admin' } }, async () => importBackCatalogue(ctx));

  // Cache-busting parameters (v, r, mobile) are accepted and ignored.
  app.get<{ Params: { filename: string } }>(
    '/attached-assets/:filename',
    { config: { access: 'public' } },
    async (request, reply) => {
      const file = await getAttachedAsset(ctx, request.params.filename);
      // A guide for today or a later day is for members (decision 10), checked before any 304.
      const membersOnly = await requireDayAccess(
        ctx,
        { user: request.user, header: (name, value) => void reply.header(name, value) },
        file.date,
      );
      const etag = `"${file.sha256}"`;
      reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Cache-Control', membersOnly ? MEMBERS_ONLY_CACHE : 'public, max-age=300')
        .header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(Buffer.from(await readAssetBytes(ctx, file.id)));
    },
  );

  // Multipart is parsed only here: its own encapsulated scope with the PDF size limit.
  registerUploadScope(app, MAX_PDF_BYTES, (scope) => {
    scope.post('/api/admin/upload-back-catalogue-pdf', { config: { access: 'admin' } }, async (request) => {
      const form = await readUploadForm(request, pdfForm);
      return uploadBackCataloguePdf(ctx, { data: form.data, originalName: form.filename, date: form.fields.date });
    });
  });
}
