import { describe, expect, it } from 'vitest';
import { hasUnstorableText, isStorableText } from './text-safety';

describe('isStorableText', () => {
  it('accepts ordinary, accented and astral text', () => {
    expect(isStorableText('Northern Star 5/2 — Café 🏇')).toBe(true);
  });
  it('refuses NUL anywhere and lone surrogate halves', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('x\ud800y')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
  });
});

describe('hasUnstorableText', () => {
  it('finds bad text in nested values and in keys', () => {
    expect(hasUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ 'k\u0000': 1 })).toBe(true);
    expect(hasUnstorableText(['\ud800'])).toBe(true);
  });
  it('passes clean bodies of every JSON type', () => {
    expect(hasUnstorableText({ a: 1, b: null, c: true, d: ['x', { e: 'y' }] })).toBe(false);
    expect(hasUnstorableText('plain')).toBe(false);
  });
});
