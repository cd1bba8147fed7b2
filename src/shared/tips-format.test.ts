import { describe, expect, it } from 'vitest';
import {
  attachedAssetUrl,
  composeMultiple,
  groupCatalogue,
  looksLikeHtml,
  monthLabel,
  plainTextParagraphs,
  splitMultiple,
} from './tips-format';

describe('splitMultiple', () => {
  it('splits on the first colon only', () => {
    expect(splitMultiple('Trixie: Alpha (2:10 Ascot), Beta')).toEqual({
      label: 'Trixie',
      description: 'Alpha (2:10 Ascot), Beta',
    });
  });
  it('defaults the label to Lucky 15 without a colon or with an empty label', () => {
    expect(splitMultiple('Alpha, Beta, Gamma, Delta')).toEqual({
      label: 'Lucky 15',
      description: 'Alpha, Beta, Gamma, Delta',
    });
    expect(splitMultiple(': Alpha')).toEqual({ label: 'Lucky 15', description: 'Alpha' });
  });
  it('is null for nothing to show', () => {
    expect(splitMultiple('')).toBeNull();
    expect(splitMultiple('   ')).toBeNull();
    expect(splitMultiple(undefined)).toBeNull();
  });
});

describe('composeMultiple', () => {
  it('sends "header: selections" only when there are selections', () => {
    expect(composeMultiple('Yankee', ' A, B ')).toBe('Yankee: A, B');
    expect(composeMultiple('', 'A')).toBe('Lucky 15: A');
    expect(composeMultiple('Lucky 15', '  ')).toBe('');
  });
  it('round-trips through splitMultiple', () => {
    expect(splitMultiple(composeMultiple('Patent', 'X 3:15 Kempton'))).toEqual({
      label: 'Patent',
      description: 'X 3:15 Kempton',
    });
  });
});

describe('preview text', () => {
  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('Line one<br>two')).toBe(true);
    expect(looksLikeHtml('Odds 5/1 < 6/1 and > 4/1')).toBe(false);
  });
  it('makes paragraphs at blank lines', () => {
    expect(plainTextParagraphs('One\nstill one\n\n\nTwo\r\n  \r\nThree  ')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(plainTextParagraphs('  \n\n ')).toEqual([]);
  });
});

describe('groupCatalogue', () => {
  it('groups by year then month, newest first', () => {
    const entries = [
      { id: 1, date: '2025-12-30' },
      { id: 2, date: '2026-11-02' },
      { id: 3, date: '2026-10-31' },
      { id: 4, date: '2026-11-20' },
      { id: 5, date: '2026-11-20' },
    ];
    const years = groupCatalogue(entries);
    expect(years.map((y) => y.year)).toEqual(['2026', '2025']);
    expect(years[0].months.map((m) => m.label)).toEqual(['November 2026', 'October 2026']);
    expect(years[0].months[0].entries.map((e) => e.id)).toEqual([4, 5, 2]);
    expect(years[1].months[0].key).toBe('2025-12');
  });
  it('is empty for no entries', () => {
    expect(groupCatalogue([])).toEqual([]);
  });
  it('labels months', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
  });
});

describe('attachedAssetUrl', () => {
  it('carries v, r and mobile', () => {
    expect(attachedAssetUrl('guide 1.pdf', { version: 5, random: 'ab', mobile: false })).toBe(
      '/attached-assets/guide%201.pdf?v=5&r=ab&mobile=false',
    );
  });
});
