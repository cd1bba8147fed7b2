import { describe, expect, it } from 'vitest';
import { parseArticleRef, slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it('makes lower-case hyphenated ASCII from a title', () => {
    expect(slugify('Cheltenham Festival: Day 1 Preview!')).toBe('cheltenham-festival-day-1-preview');
    expect(slugify('  Côte d’Azur — Prix de l’Arc  ')).toBe('cote-dazur-prix-de-larc');
    expect(slugify('Bets & Banks')).toBe('bets-and-banks');
  });
  it('never gives an empty, all-digit or reserved slug', () => {
    expect(slugify('!!!')).toBe('article');
    expect(slugify('2025')).toBe('article-2025');
    expect(slugify('Undefined')).toBe('article-undefined');
    expect(slugify('null')).toBe('article-null');
  });
  it('keeps slugs to 80 characters without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('uniqueSlug', () => {
  it('numbers repeats from 2', () => {
    expect(uniqueSlug('a', [])).toBe('a');
    expect(uniqueSlug('a', ['a'])).toBe('a-2');
    expect(uniqueSlug('a', ['a', 'a-2', 'a-3'])).toBe('a-4');
  });
});

describe('parseArticleRef', () => {
  it('reads digits as an id and anything else as a lower-cased slug', () => {
    expect(parseArticleRef('42')).toEqual({ id: 42 });
    expect(parseArticleRef('My-Slug')).toEqual({ slug: 'my-slug' });
    expect(parseArticleRef('12345678901')).toEqual({ slug: '12345678901' });
  });
});
