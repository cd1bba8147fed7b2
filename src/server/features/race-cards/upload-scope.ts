import type { FastifyInstance } from 'fastify';
import { registerUploadScope } from '#server/http/upload-form';

/** Largest master workbook accepted (bytes on the wire; unpacked size is limited in zip-guard). */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
/** Longest "Horse: odds" text sent with the collection upload (a full day is ~25 KB). */
export const MAX_MORNING_ODDS_TEXT = 64 * 1024;
/** Largest verdict document accepted. */
export const MAX_VERDICT_BYTES = 10 * 1024 * 1024;

/** Multipart only in these scopes, each with its own size limit; failures keep the upload-result shape. */
export function stageScope(
  app: FastifyInstance,
  maxBytes: number,
  stage: string,
  unchanged: string,
  routes: (scope: FastifyInstance) => void,
  fieldSize?: number,
) {
  registerUploadScope(
    app,
    maxBytes,
    (scope) => {
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) {
          request.log.error({ err: error }, `${stage} upload failed`);
          return reply.code(500).send({
            success: false,
            message: 'Something went wrong. Please try again.',
            popupMessage: `${stage} failed.`,
            requestId: request.id,
          });
        }
        return reply.code(status).send({
          success: false,
          message: error.message,
          popupMessage: `${stage} failed: ${unchanged}`,
          requestId: request.id,
        });
      });
      routes(scope);
    },
    fieldSize,
  );
}
