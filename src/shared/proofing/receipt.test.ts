import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHeads, chainRoot, chainStart, readOpening, receiptHash, receiptNonce, receiptOpening } from './receipt';

const fields = {
  day: '2026-11-28',
  kind: 'nap' as const,
  multiple: null,
  raceTime: '14:10',
  course: 'Ascot',
  horse: 'Northern Star',
  advised: '11/2',
  market: { price: '6.50', text: '11/2', source: 'analyst', observedAt: '2026-11-28T08:00:00.000Z' },
  publishedAt: '2026-11-28T09:30:00.000Z',
  nonce: '0123456789abcdef0123456789abcdef',
  replaces: null,
};
const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('receipts', () => {
  it('writes the opening as RFC 8785 canonical JSON: keys sorted, no spaces, the version included', () => {
    const text = receiptOpening(fields);
    expect(
      text.startsWith(
        '{"advised":"11/2","course":"Ascot","day":"2026-11-28","horse":"Northern Star","kind":"nap","market":{"observedAt"',
      ),
    ).toBe(true);
    expect(text).not.toMatch(/\s"|":\s/);
    expect(text.endsWith('"v":"1"}')).toBe(true);
    expect(readOpening(text)).toEqual({ v: '1', ...fields });
  });

  it('hashes the opening with SHA-256 (the same as any other SHA-256 of the text)', () => {
    const text = receiptOpening({ ...fields, horse: 'Éclair du Nord' });
    expect(receiptHash(text)).toBe(nodeSha(text));
    expect(receiptHash(text)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an opening that is not canonical or not a receipt', () => {
    const text = receiptOpening(fields);
    expect(readOpening(JSON.stringify(JSON.parse(text), null, 1))).toBeNull();
    expect(readOpening(text.replace('"nap"', '"tip"'))).toBeNull();
    expect(readOpening('not json')).toBeNull();
    expect(() => receiptOpening({ ...fields, nonce: 'short' })).toThrow();
  });

  it('chains the hashes in order from a start that names the day', () => {
    const hashes = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)];
    const start = nodeSha('vbg-record:v1:2026-11-28');
    expect(chainStart('2026-11-28')).toBe(start);
    const first = nodeSha(start + hashes[0]);
    const second = nodeSha(first + hashes[1]);
    const third = nodeSha(second + hashes[2]);
    expect(chainHeads('2026-11-28', hashes)).toEqual([first, second, third]);
    expect(chainRoot('2026-11-28', hashes)).toBe(third);
    expect(chainRoot('2026-11-28', [hashes[1], hashes[0], hashes[2]])).not.toBe(third);
    expect(chainRoot('2026-11-28', [])).toBe(start);
  });

  it('draws a new 128-bit nonce each time', () => {
    const a = receiptNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(receiptNonce()).not.toBe(a);
  });
});
