/**
 * Every failure's `{ message }` body names its request (`requestId`, the X-Request-Id answered):
 * checked on every answer any test receives through this client, then taken off so that tests
 * compare the rest of the body exactly.
 */
function takeRequestId(status: number, headers: Headers, json: unknown) {
  if (status < 400 || typeof json !== 'object' || json === null || !('message' in json)) return;
  const body = json as { requestId?: unknown };
  const id = headers.get('x-request-id');
  if (!id || body.requestId !== id)
    throw new Error(`error answer ${status} without its request id (header ${id}, body ${String(body.requestId)})`);
  delete body.requestId;
}

/** An answer as the tests read it. */
export interface TestAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, `any` on purpose: tests read the answer's fields and check them with expect. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** A tiny cookie-keeping HTTP client over real fetch, like one browser profile. */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestAnswer> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string' || body instanceof Uint8Array) payload = body as BodyInit;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    takeRequestId(res.status, res.headers, json);
    return { status: res.status, headers: res.headers, text, json };
  }
  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body ?? {});
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}
