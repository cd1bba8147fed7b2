import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';

/**
 * Absolute base for the links the payments provider sends the browser back to (checkout, billing
 * portal, invoice links): PUBLIC_URL, else this request's origin.
 */
export function publicBase(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
