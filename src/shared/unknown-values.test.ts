import { describe, expect, it } from 'vitest';
import { codeOf, fieldOf, isOneOf, messageOf, recordOf, stringFieldOf, stringsOf } from './unknown-values';

describe('reading values of unknown type', () => {
  it("a thrown value's message and code, whatever was thrown", () => {
    const missing = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    expect(messageOf(missing)).toBe('no such file');
    expect(codeOf(missing)).toBe('ENOENT');
    expect(codeOf({ code: 550 })).toBe(550);
    expect(messageOf('plain text')).toBe('plain text');
    expect(codeOf('plain text')).toBeUndefined();
    expect(codeOf({ code: { nested: true } })).toBeUndefined();
    expect(codeOf(null)).toBeUndefined();
  });

  it('fields are read only when they have the type asked for', () => {
    expect(fieldOf({ a: 1 }, 'a')).toBe(1);
    expect(fieldOf(3, 'a')).toBeUndefined();
    expect(stringFieldOf({ a: '' }, 'a')).toBe('');
    expect(stringFieldOf({ a: '' }, 'a', { nonEmpty: true })).toBeUndefined();
    expect(stringFieldOf({ a: 2 }, 'a')).toBeUndefined();
    expect(stringsOf(['x', 1, 'y'])).toEqual(['x', 'y']);
    expect(stringsOf('x')).toEqual([]);
  });

  it('narrows to a list of members and builds a record per key', () => {
    expect(isOneOf(['win', 'place'], 'win')).toBe(true);
    expect(isOneOf(['win', 'place'], 'show')).toBe(false);
    expect(recordOf(['a', 'b'], (k) => k.toUpperCase())).toEqual({ a: 'A', b: 'B' });
  });
});
