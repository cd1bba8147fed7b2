import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipHead, gzipWithTail } from './gzip-splice';

describe('a gzip stream made of a head compressed once and a tail per request', () => {
  it('is one valid gzip stream of head and tail, for any tail', () => {
    const head = Buffer.from(`<!doctype html><html><body>${'<p>Tips – £5 each way</p>'.repeat(2000)}`);
    const compressed = gzipHead(head);
    expect(compressed.bytes.length).toBeLessThan(head.length / 10);
    for (const tail of ['<script id="v">{"email":"ann@example.com"}</script></body></html>', '', 'é'.repeat(70_000)]) {
      const body = gzipWithTail(compressed, Buffer.from(tail));
      // gunzip checks the CRC-32 and the length in the trailer.
      expect(zlib.gunzipSync(body).toString()).toBe(head.toString() + tail);
    }
  });

  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
