import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * Request logs carry what an operator needs (method, path, status, time, request id, client
 * address) and nothing secret or personal beyond that: no headers, no bodies, no e-mail
 * addresses, no tokens. Redaction below is the second line, for anything logged by hand.
 */
const SECRET_QUERY = /^(token|session_id|sessionid|code|key|secret|signature|password|email|e)$/i;
const EMAIL = /[^\s/?&=@%]+(@|%40)[^\s/?&=@%]+\.[^\s/?&=%]+/gi;
/** Paths whose last segment is a capability (a checkout session id). */
const SECRET_SEGMENT = /^(\/local-checkout\/|\/api\/checkout-session\/)[^/?]+/;

export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  pathPart = pathPart.replace(SECRET_SEGMENT, '$1[redacted]').replace(EMAIL, '[email]');
  if (q === -1) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq !== -1 && SECRET_QUERY.test(decodeSafe(name))) return `${name}=[redacted]`;
      return pair.replace(EMAIL, '[email]');
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function decodeSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Query errors from the driver carry the statement's parameters (e-mails, hashes): drop them. */
function safeError(err: unknown) {
  if (!(err instanceof Error)) return err;
  const strip = (s: string | undefined) => s?.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  const out: Record<string, unknown> = { type: err.name, message: strip(err.message), stack: strip(err.stack) };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) out.cause = { type: cause.name, message: cause.message, code: (cause as { code?: unknown }).code };
  return out;
}

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["stripe-signature"]',
  'body.password',
  'body.newPassword',
  'body.currentPassword',
  'body.confirmPassword',
  'body.email',
  'password',
  'email',
  'token',
  '*.password',
  '*.email',
  '*.token',
];

/** Where log lines go; tests pass a collector, production writes to stdout. */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    // Buffered writes to stdout: a synchronous write per request line cost most of a cached
    // read's time (docs/performance.md "Load"). pino flushes the buffer on exit.
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: safeUrl(req.url),
        remoteAddress: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: safeError as never,
    },
  };
}

/**
 * One line per request, when it completes (Fastify's own request logging writes two): method,
 * safe URL, status, time, request id.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
  });
}
