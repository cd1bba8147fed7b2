import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS, type HttpTimeouts } from '#server/http/timeouts';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A request whose body trickles in is answered 408 and closed within a bounded
 * time, and a thousand such connections do not stop the site answering others. The app runs with
 * the production timeouts scaled down (the same Node and Fastify settings, seconds instead of a
 * minute), so the test takes seconds.
 */
const SHORT: HttpTimeouts = {
  headersMs: 1_000,
  requestMs: 1_500,
  keepAliveMs: 5_000,
  idleSocketMs: 10_000,
  checkEveryMs: 250,
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { httpTimeouts: SHORT });
});
afterAll(() => t.close());

interface Trickle {
  /** Everything the server sent before closing, and when it closed (ms after the start). */
  closed: Promise<{ reply: string; afterMs: number }>;
  stop(): void;
}

/** A client that sends a POST's headers, then its body one byte every `everyMs`, never finishing. */
function trickle(port: number, everyMs: number, head = true): Trickle {
  const started = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  let reply = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (d) => (reply += String(d))); // a string already: the encoding is set
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(
      head
        ? 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'
        : 'GET /api/health HTTP/1.1\r\nHost: x\r\n',
    );
    timer = setInterval(() => socket.write(head ? ' ' : 'X'), everyMs);
  });
  const closed = new Promise<{ reply: string; afterMs: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ reply, afterMs: Date.now() - started });
    }),
  );
  return { closed, stop: () => socket.destroy() };
}

const port = () => (t.app.server.address() as net.AddressInfo).port;

describe('slow clients are cut off', () => {
  it('production settings: every timeout is set, the whole request within 60 s and headers within 15 s', () => {
    expect(t.app.server.requestTimeout).toBe(SHORT.requestMs);
    expect(HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    expect(HTTP_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(5_000);
  });

  it('a body trickling in is answered 408 and closed once the request time is up', async () => {
    const { closed } = trickle(port(), 200);
    const { reply, afterMs } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.requestMs - 50);
    expect(afterMs).toBeLessThan(SHORT.requestMs + SHORT.checkEveryMs + 3_000);
  });

  it('headers trickling in are cut off too', async () => {
    const { closed } = trickle(port(), 200, false);
    const { reply, afterMs } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(SHORT.requestMs + SHORT.checkEveryMs + 3_000);
  });

  it('a thousand trickling connections: others are still answered, and all thousand are closed with 408', async () => {
    const slow = Array.from({ length: 1000 }, () => trickle(port(), 300));
    try {
      // While every one of them is open, ordinary requests are answered.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${t.baseUrl}/api/health`).then((r) => r.status)),
      );
      expect(answers).toEqual(Array(20).fill(200));
      const results = await Promise.all(slow.map((s) => s.closed));
      expect(results.filter((r) => /^HTTP\/1\.1 408 /.test(r.reply)).length).toBe(1000);
      expect(Math.max(...results.map((r) => r.afterMs))).toBeLessThan(SHORT.requestMs + SHORT.checkEveryMs + 10_000);
    } finally {
      for (const s of slow) s.stop();
    }
  });
});
