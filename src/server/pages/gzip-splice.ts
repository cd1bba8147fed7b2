import zlib from 'node:zlib';

/**
 * Gzip for a page that is the same for many people but for a short tail (the viewer element and
 * the closing tags): the long head is compressed once, ending on a full flush (whole deflate
 * blocks, none final, no history carried over), and each request compresses only its tail, as
 * the stream's last blocks. A gzip stream is its header, the deflate blocks, then the CRC-32 and
 * length of everything: the CRC continues from the head's over the tail (RFC 1952).
 */
export interface GzipHead {
  /** The gzip header and the head's deflate blocks. */
  bytes: Buffer;
  crc: number;
  length: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

export function gzipHead(head: Buffer): GzipHead {
  const blocks = zlib.deflateRawSync(head, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  return { bytes: Buffer.concat([GZIP_HEADER, blocks]), crc: zlib.crc32(head), length: head.length };
}

/** The whole gzip stream of the head followed by `tail`. */
export function gzipWithTail(head: GzipHead, tail: Buffer): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([head.bytes, zlib.deflateRawSync(tail), trailer]);
}

/** Whether a request's Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
