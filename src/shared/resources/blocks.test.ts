import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES, blocksToHtml, findBlogArticle, parseBlocks, splitBold } from './index';

describe('blog line format', () => {
  it('turns headings, bold-only lines, list items and paragraphs into blocks', () => {
    const blocks = parseBlocks(
      '## Big\n### Small\n**Sub heading**\n- one\n- two\n\nA paragraph with **bold** words.\n- three',
    );
    expect(blocks).toEqual([
      { kind: 'h2', text: 'Big' },
      { kind: 'h3', text: 'Small' },
      { kind: 'subheading', text: 'Sub heading' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'p', text: 'A paragraph with **bold** words.' },
      { kind: 'list', items: ['three'] },
    ]);
  });

  it('treats a line that is only partly bold as a paragraph', () => {
    expect(parseBlocks('**Bold** then text')).toEqual([{ kind: 'p', text: '**Bold** then text' }]);
  });

  it('splits inline bold runs and leaves unpaired markers as text', () => {
    expect(splitBold('a **b** c')).toEqual([
      { text: 'a ', bold: false },
      { text: 'b', bold: true },
      { text: ' c', bold: false },
    ]);
    expect(splitBold('odd ** marker')).toEqual([{ text: 'odd ** marker', bold: false }]);
  });

  it('renders escaped HTML', () => {
    const html = blocksToHtml(parseBlocks('## A <b>\n- x & y\n**S**\nP "q"'));
    expect(html).toBe('<h2>A &lt;b&gt;</h2>\n<ul><li>x &amp; y</li></ul>\n<h4>S</h4>\n<p>P &quot;q&quot;</p>');
  });

  it('holds the three built-in articles with the spec facts', () => {
    expect(BLOG_ARTICLES.map((a) => [a.slug, a.category])).toEqual([
      ['first-month-review', 'strategy'],
      ['vb-ratings-guide', 'methodology'],
      ['betting-strategy', 'strategy'],
    ]);
    const review = findBlogArticle('first-month-review')!.content;
    for (const fact of ['2%', '110% and 125%', 'Bookmakers', 'Exchanges', 'value', 'proofed results'])
      expect(review).toContain(fact);
    // Its old figure (11.6% ROI over 97 selections) was no proofed record: claims come from recordClaim.
    expect(review).not.toMatch(/11\.6%|97 selections|return on investment of \d/);
    const guide = findBlogArticle('vb-ratings-guide')!.content;
    for (const fact of [
      '80 and above: strong value',
      '70 to 79: moderate value',
      'Below 70: about right or overvalued',
    ])
      expect(guide).toContain(fact);
    const strategy = findBlogArticle('betting-strategy')!.content;
    for (const fact of ['200 to 300 points', 'Win singles', 'Lucky 15s for the feature races'])
      expect(strategy).toContain(fact);
    expect(findBlogArticle('nope')).toBeUndefined();
  });
});
