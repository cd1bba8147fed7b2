import os from 'node:os';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import pino from 'pino';
import { fieldOf } from '#shared/unknown-values';

/**
 * Request logs carry what an operator needs (method, path, status, time, request id, client
 * address) and nothing secret or personal beyond that: no headers, no bodies, no e-mail
 * addresses, no tokens. Redaction below is the second line, for anything logged by hand.
 */
const SECRET_QUERY = /^(token|session_id|sessionid|code|key|secret|signature|password|email|e)$/i;
const EMAIL = /[^\s/?&=@%]+(@|%40)[^\s/?&=@%]+\.[^\s/?&=%]+/gi;
/** Paths whose last segment is a capability (a checkout session id). */
const SECRET_SEGMENT = /^(\/local-checkout\/|\/api\/checkout-session\/)[^/?]+/;

const mayHoldEmail = (s: string) => s.includes('@') || s.includes('%40');

export function safeUrl(url: string): string {
  // This runs on every request, and most URLs carry nothing to hide: the expressions run only
  // where the cheap checks say they could match.
  const q = url.indexOf('?');
  let pathPart = q === -1 ? url : url.slice(0, q);
  if (pathPart.startsWith('/local-checkout/') || pathPart.startsWith('/api/checkout-session/'))
    pathPart = pathPart.replace(SECRET_SEGMENT, '$1[redacted]');
  if (mayHoldEmail(pathPart)) pathPart = pathPart.replace(EMAIL, '[email]');
  if (q === -1) return pathPart;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq !== -1 && SECRET_QUERY.test(name.includes('%') ? decodeSafe(name) : name)) return `${name}=[redacted]`;
      return mayHoldEmail(pair) ? pair.replace(EMAIL, '[email]') : pair;
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
  const code = fieldOf(err, 'code');
  if (code !== undefined) out.code = code;
  const cause = err.cause;
  if (cause instanceof Error) out.cause = { type: cause.name, message: cause.message, code: fieldOf(cause, 'code') };
  return out;
}

const REDACT_PATHS = [
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

/**
 * Lines are written out once this many bytes wait, or every LOG_FLUSH_MS, whichever comes first.
 * 64 KB, not 4 KB: each write is a system call handed to libuv's thread pool and a callback back,
 * and at 4 KB (one write per ~14 request lines) that was a tenth of a cached read's CPU
 * (docs/performance.md). The wait for a line is bounded by LOG_FLUSH_MS either way.
 */
const LOG_BUFFER_BYTES = 64 * 1024;
/** The largest single write (sonic-boom needs it above the batch size; it splits bigger backlogs). */
const LOG_MAX_WRITE_BYTES = 1024 * 1024;
const LOG_FLUSH_MS = 1000;

/**
 * Production's log stream: stdout, written asynchronously in batches of up to 64 KB. A write per
 * line (a syscall and its callback) was the largest cost left on a cached read (docs/performance.md
 * "Load"). A line waits at most LOG_FLUSH_MS; pino writes out what is buffered when the process
 * exits, so only a SIGKILL can lose the last second.
 *
 * Lines are handed over as Buffers ("buffer" content mode): in its text mode sonic-boom measures
 * the UTF-8 length of everything already batched on every write, which with a 4 KB batch cost
 * more per request than composing the line (docs/performance.md "Load", session 4).
 */
export function stdoutLogStream(): LogStream {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    maxWrite: LOG_MAX_WRITE_BYTES,
    contentMode: 'buffer',
  });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Closed or already writing: the next tick or the exit handler writes it.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  destination.on('close', () => clearInterval(timer));
  return { write: (line: string) => void destination.write(Buffer.from(line) as unknown as string) };
}

export function loggerOptions(level: string, stream: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
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
 * safe URL, status, time, request id — the same JSON pino would write, composed directly.
 * Every field is chosen and cleaned here, so it skips pino's redaction pass, which cost as much
 * as the rest of a cached read's own work (docs/performance.md "Load"); lines logged by hand
 * still go through pino and its redaction.
 */
export function registerRequestLog(
  app: FastifyInstance,
  stream: LogStream,
  unlogged?: { header: string; value: string },
) {
  if ((pino.levels.values[app.log.level] ?? Infinity) > pino.levels.values.info) return; // 'silent', 'warn', …
  const fixed = `{"level":30,"time":`;
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;
  app.addHook('onResponse', (request, reply, done) => {
    // The start-up warm-up's own requests (warm-up.ts): a random value no client knows.
    if (unlogged && request.headers[unlogged.header] === unlogged.value) return done();
    stream.write(
      `${fixed}${Date.now()}${origin}${JSON.stringify(request.id)},"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(safeUrl(request.url))},"remoteAddress":${JSON.stringify(request.ip ?? '')}},"res":{"statusCode":${reply.statusCode}},"responseTime":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request completed"}\n`,
    );
    done();
  });
}

/**
 * `request.log`, made into a real pino child (with its bindings and redaction set-up) only when a
 * request logs something by hand. Most requests never do, and building the child cost more than
 * a cached read's own work (docs/performance.md "Load"). Lines are identical either way.
 */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  // Prototype methods, not per-instance arrow fields: one of these is made for every request.
  info(...args: unknown[]) {
    Reflect.apply(this.logger.info, this.logger, args);
  }
  error(...args: unknown[]) {
    Reflect.apply(this.logger.error, this.logger, args);
  }
  warn(...args: unknown[]) {
    Reflect.apply(this.logger.warn, this.logger, args);
  }
  debug(...args: unknown[]) {
    Reflect.apply(this.logger.debug, this.logger, args);
  }
  trace(...args: unknown[]) {
    Reflect.apply(this.logger.trace, this.logger, args);
  }
  fatal(...args: unknown[]) {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}
