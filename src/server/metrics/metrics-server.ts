import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { StartupError } from '#server/startup-checks';

const METRICS_PATH = '/metrics';

export interface MetricsServer {
  /** The port it listens on (the one chosen when METRICS_PORT is 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The scrape endpoint: GET /metrics on a listener of its own, never on the public port, so the
 * proxy in front publishes nothing of it and the operator opens it to the scraper alone. Anything
 * else answers 404. A scrape that cannot read the database answers 500 (the scraper marks the
 * instance down, which it is for most purposes).
 */
export async function startMetricsServer(
  registry: Registry,
  { port, host, log }: { port: number; host: string; log: FastifyBaseLogger },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: a scrape could not be answered');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'EADDRINUSE'
          ? 'is already in use by another program'
          : err.code === 'EACCES'
            ? 'needs more privileges than this process has'
            : `cannot be opened (${err.code ?? err.message})`;
      reject(new StartupError(`METRICS_PORT ${port} on ${host} ${why}. Set METRICS_PORT to a free port, or unset it.`));
    });
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
