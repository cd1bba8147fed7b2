import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

const b64url = (b: Buffer) => b.toString('base64url');
const DAY_S = 24 * 3600;
/**
 * The largest message body a push service must accept (RFC 8030 §7.2: it may answer 413 to a larger
 * one, never to 4096 octets or fewer); the browsers' services (FCM, Mozilla's autopush, Apple's)
 * refuse above it.
 */
export const MAX_PUSH_BODY_OCTETS = 4096;

/**
 * A message body as the device opens it (RFC 8291: aes128gcm, RFC 8188, with the device's ECDH key
 * and auth secret); throws when it does not open.
 */
export function decryptPush(body: Buffer, device: { ecdh: crypto.ECDH; auth: Buffer }): Buffer {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: b64url(device.auth) });
}

/** A VAPID key pair as `npx web-push generate-vapid-keys` prints it. */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(ecdh.getPrivateKey()) };
}

/** The verifying key of a base64url uncompressed P-256 point (65 bytes). */
function publicKeyOf(point: string): crypto.KeyObject {
  const raw = Buffer.from(point, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
}

/**
 * A local Web Push service, like the browsers' (RFC 8030 with RFC 8291 encryption and RFC 8292
 * VAPID): it checks what a real one checks and records each message it accepts.
 * - `Authorization: vapid t=<JWT>, k=<public key>`: the JWT is ES256, verified against k; its aud
 *   is this service's origin, exp is in the future and at most 24 hours away, sub is present; k is
 *   the application server's configured key.
 * - `Content-Encoding: aes128gcm` and a `TTL` header.
 * - A body of at most MAX_PUSH_BODY_OCTETS (413 above it, RFC 8030 §7.2).
 * - The body decrypts (`decryptPush`) with the subscription's ECDH private key and auth secret.
 * A refused message answers 400/401/403/413 with the reason, recorded in `refusals`. An endpoint
 * can be told to answer 404 or 410 (`expire`), as a push service does for a subscription that is
 * gone, or 429 with Retry-After (`throttle`), as one does to a sender it rate-limits (RFC 8030 §8.4).
 */
export class PushService {
  readonly received: ReceivedPush[] = [];
  readonly refusals: string[] = [];
  private readonly devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  private readonly answers = new Map<string, number>();
  private server!: http.Server;
  origin = '';

  constructor(private readonly applicationServerKey: string) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops answering (a push service that is down); `listenAgain` brings it back on the same origin. */
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async listenAgain(): Promise<void> {
    const port = Number(new URL(this.origin).port);
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  /** A new device: its endpoint here, and its keys made as a browser makes them. */
  subscribe(): TestSubscription {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const endpoint = `${this.origin}/push/${crypto.randomBytes(12).toString('hex')}`;
    this.devices.set(endpoint, { ecdh, auth });
    return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  }

  /** From now on every answer takes this long (a slow push service keeps a delivery pass busy). */
  answerAfterMs = 0;
  /** Messages being received now, and the most there have been at once since `clear`. */
  inFlight = 0;
  mostInFlight = 0;

  /** From now on the endpoint answers `status` (404 or 410: the subscription is gone). */
  expire(endpoint: string, status: 404 | 410 = 410) {
    this.answers.set(endpoint, status);
  }

  /** From now on the endpoint answers 429 Too Many Requests (a rate limit), until `unthrottle`. */
  throttle(endpoint: string) {
    this.answers.set(endpoint, 429);
  }

  unthrottle(endpoint: string) {
    this.answers.delete(endpoint);
  }

  /** The payloads delivered to one endpoint. */
  to(endpoint: string): unknown[] {
    return this.received.filter((m) => m.endpoint === endpoint).map((m) => m.payload);
  }

  clear() {
    this.received.length = 0;
    this.refusals.length = 0;
    this.answers.clear();
    this.answerAfterMs = 0;
    this.mostInFlight = 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      await this.answer(req, res);
    } finally {
      this.inFlight--;
    }
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.answerAfterMs) await new Promise((resolve) => setTimeout(resolve, this.answerAfterMs));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${this.origin}${req.url}`;
    const refuse = (status: number, why: string) => {
      this.refusals.push(why);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
    };
    if (req.method !== 'POST') return refuse(405, 'POST only');
    const device = this.devices.get(endpoint);
    if (!device) return refuse(404, 'no such subscription');
    const problem = this.checkVapid(req.headers.authorization);
    if (problem) return refuse(problem.startsWith('k ') ? 403 : 401, problem);
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return refuse(400, 'a TTL header is required');
    if (body.length > MAX_PUSH_BODY_OCTETS)
      return refuse(413, `the body is ${body.length} octets, over ${MAX_PUSH_BODY_OCTETS}`);
    const status = this.answers.get(endpoint);
    if (status === 429) {
      this.refusals.push('too many requests');
      return void res.writeHead(429, { 'retry-after': '60', 'content-type': 'text/plain' }).end('too many requests');
    }
    if (status) return refuse(status, 'subscription expired');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptPush(body, device).toString('utf8'));
    } catch (err) {
      return refuse(400, `the payload did not decrypt: ${(err as Error).message}`);
    }
    this.received.push({ endpoint, ttl, payload });
    res.writeHead(201, { location: `${endpoint}/message/${this.received.length}` }).end();
  }

  /** The reason the VAPID header is refused, or null when it is good. */
  private checkVapid(header: string | undefined): string | null {
    const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
    if (!m) return 'Authorization must be "vapid t=<JWT>, k=<public key>"';
    const [, jwt, k] = m;
    if (k !== this.applicationServerKey) return 'k is not the application server key this subscription was made with';
    const [head, claims, signature] = jwt.split('.');
    let key: crypto.KeyObject;
    try {
      key = publicKeyOf(k);
    } catch (err) {
      return (err as Error).message;
    }
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
    if (header_.alg !== 'ES256') return 'the JWT must be ES256';
    const signed = crypto.verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return 'the JWT signature does not verify against k';
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (c.aud !== this.origin) return `aud must be ${this.origin}, not ${c.aud}`;
    const nowS = Math.floor(Date.now() / 1000);
    if (typeof c.exp !== 'number' || c.exp <= nowS || c.exp > nowS + DAY_S)
      return 'exp must be in the future and at most 24 hours away';
    if (!c.sub) return 'sub (a contact) is required';
    return null;
  }
}
