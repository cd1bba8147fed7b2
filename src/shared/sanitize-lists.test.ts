import { describe, expect, it } from 'vitest';
import { ALLOWED_URI_REGEXP, filterInlineStyle, isSafeCssValue } from './sanitize-lists';

describe('URI allow-list (browser side)', () => {
  it('allows the spec schemes and relative URLs', () => {
    for (const ok of [
      'https://a.example',
      'http://a',
      'ftp://f',
      'mailto:a@b',
      'tel:+44',
      'callto:x',
      'sms:1',
      'cid:x',
      'xmpp:x',
      '/path',
      'page.html',
      '#top',
      '?q=1',
      '//host/x',
    ]) {
      expect(ALLOWED_URI_REGEXP.test(ok), ok).toBe(true);
    }
  });
  it('refuses other schemes', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:x',
      'vbscript:x',
      'data:text/html,x',
      'file:///etc/passwd',
      'matrix:u/x',
    ]) {
      expect(ALLOWED_URI_REGEXP.test(bad), bad).toBe(false);
    }
  });
});

describe('inline styles', () => {
  it('keeps allowed properties with plain values', () => {
    expect(filterInlineStyle('text-align: center; color:#123456;font-weight:bold')).toBe(
      'text-align: center; color: #123456; font-weight: bold',
    );
    expect(filterInlineStyle('margin-left: 2.5em; color: rgb(1, 2, 3)')).toBe(
      'margin-left: 2.5em; color: rgb(1, 2, 3)',
    );
  });
  it('drops unknown properties and code-running values', () => {
    expect(filterInlineStyle('position: fixed; top: 0')).toBe('');
    expect(filterInlineStyle('width: expression(alert(1))')).toBe('');
    expect(filterInlineStyle('background-color: url(javascript:alert(1))')).toBe('');
    expect(filterInlineStyle('color: red;\nwidth: 1px\nurl(x)')).toBe('color: red');
    expect(filterInlineStyle('color: re\\64')).toBe('');
    expect(isSafeCssValue('bl/**/ue')).toBe(false);
  });
});
