import { describe, expect, it } from 'vitest';
import { htmlToText, isBlankHtml, sanitizeArticleHtml, sanitizeSummaryHtml } from './sanitize';

describe('save-time sanitising', () => {
  it('keeps the article list and drops the rest', () => {
    expect(
      sanitizeArticleHtml('<p class="lead" id="a" data-x="1" onclick="x()">Hi</p><table><tr><td>t</td></tr></table>'),
    ).toBe('<p class="lead" id="a">Hi</p>t');
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)" title="t">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<img src="javascript:x" alt="a">')).toBe('');
    expect(sanitizeArticleHtml('<script>alert(1)</script><iframe>frame text</iframe>ok')).toBe('ok');
  });
  it('filters inline styles', () => {
    expect(sanitizeArticleHtml('<p style="text-align:right;position:absolute;background:url(x)">r</p>')).toBe(
      '<p style="text-align:right">r</p>',
    );
    expect(sanitizeArticleHtml('<p style="color: expression(alert(1))">r</p>')).toBe('<p>r</p>');
  });
  it('keeps summaries to formatting tags without attributes', () => {
    expect(
      sanitizeSummaryHtml(
        '<p style="color:red"><strong class="x">A</strong> <a href="https://x">link</a> <img src="x"></p>',
      ),
    ).toBe('<p><strong>A</strong> link </p>');
  });
  it('turns HTML into plain text', () => {
    expect(htmlToText('<p>One</p><p>Two &amp; <b>three</b></p><script>x</script>')).toBe('One Two & three');
    expect(isBlankHtml('<p> </p><br />')).toBe(true);
    expect(isBlankHtml('<img src="/a.png" />')).toBe(false);
  });
});
