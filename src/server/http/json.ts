import type { FastifyReply } from 'fastify';

/** Sends an already-serialised JSON body (cached bytes are not stringified again per request). */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
