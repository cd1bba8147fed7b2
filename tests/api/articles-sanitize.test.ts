import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { ARTICLE_ALLOWED_ATTRIBUTES, ARTICLE_ALLOWED_TAGS, SUMMARY_ALLOWED_TAGS } from '#shared/sanitize-lists';
import { createArticle } from './articles-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** Script-injection vectors; each must leave nothing executable behind. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" alt="" onmouseover="alert(1)">',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">j1</a>',
  '<a href="JaVaScRiPt:alert(1)">j2</a>',
  '<a href="jav&#x09;ascript:alert(1)">j3</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">j4</a>',
  '<a href="&#0000106avascript:alert(1)">j5</a>',
  '<a href=" javascript:alert(1)">j6</a>',
  '<a href="java\nscript:alert(1)">j7</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d1</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<div style="background:url(javascript:alert(1))">s1</div>',
  '<div style="width: expression(alert(1))">s2</div>',
  '<p style="behavior: url(xss.htc)">s3</p>',
  '<span style="-moz-binding:url(http://evil.example/x.xml#xss)">s4</span>',
  '<style>@import "http://evil.example/x.css";</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:/">',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<scr<script>ipt>alert(1)</script>',
  '<a href="#" onfocus="alert(1)" autofocus>f</a>',
];

const EXECUTABLE = [
  /<\s*(script|svg|iframe|object|embed|form|input|style|meta|link|base|math|body|details|noscript|frame|template)\b/i,
  /\son[a-z]+\s*=/i,
  /(href|src|action|data)\s*=\s*"?\s*(javascript|vbscript|data)\s*:/i,
  /expression\s*\(|url\s*\(|behavior\s*:|binding\s*:|@import/i,
  /srcdoc/i,
];

function expectOnlyAllowed(html: string, tags: readonly string[], attributes: readonly string[]) {
  for (const re of EXECUTABLE) expect(html, `${re} in ${html}`).not.toMatch(re);
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(tags, `tag ${m[1]} in ${html}`).toContain(m[1].toLowerCase());
    for (const a of m[2].matchAll(/([a-zA-Z-]+)\s*=/g))
      expect(attributes, `attribute ${a[1]} in ${html}`).toContain(a[1].toLowerCase());
  }
}

describe('admin HTML is sanitised on save', () => {
  it(`strips all ${VECTORS.length} injection vectors from bodies on create`, async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(20);
    const { client: admin } = await signedIn(t, 'admin');
    for (const [i, vector] of VECTORS.entries()) {
      const created = await createArticle(admin, { title: `Vector ${i}`, content: `<p>keep-${i}</p>${vector}` });
      expect(created.content).toContain(`keep-${i}`);
      expectOnlyAllowed(created.content, ARTICLE_ALLOWED_TAGS, ARTICLE_ALLOWED_ATTRIBUTES);
      const stored = await admin.get(`/api/news-and-views/${created.id}`);
      expect(stored.json.content).toBe(created.content);
    }
  });

  it('strips them on update, from bodies and summaries (summaries keep no attributes)', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const created = await createArticle(admin);
    for (const [i, vector] of VECTORS.entries()) {
      const res = await admin.put(`/api/admin/news-and-views/${created.id}`, {
        content: `<p>body-${i}</p>${vector}`,
        summary: `<p class="x" style="color:red">sum-${i}</p>${vector}`,
      });
      expect(res.status).toBe(200);
      const stored = (await admin.get(`/api/news-and-views/${created.id}`)).json;
      expect(stored.content).toContain(`body-${i}`);
      expect(stored.summary).toContain(`sum-${i}`);
      expectOnlyAllowed(stored.content, ARTICLE_ALLOWED_TAGS, ARTICLE_ALLOWED_ATTRIBUTES);
      expectOnlyAllowed(stored.summary, SUMMARY_ALLOWED_TAGS, []);
    }
  });

  it('keeps title and author as plain text', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const created = await createArticle(admin, {
      title: '<script>alert(1)</script><b>Bold</b> & Brave <img src=x onerror=alert(1)>',
      author: '<i>Jo</i>',
    });
    expect(created.title).toBe('Bold & Brave');
    expect(created.slug).toBe('bold-and-brave');
    const list = await admin.get('/api/news-and-views');
    expect(list.json[0]).toMatchObject({ title: 'Bold & Brave', author: 'Jo' });
  });

  it('keeps the allowed formatting: links, images, alignment, relative and mail links', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const html =
      '<h1>H</h1><h6>h6</h6><p style="text-align: center">Centre</p><p><a href="https://example.com/x" target="_blank">out</a> ' +
      '<a href="/news-and-views">in</a> <a href="mailto:a@example.com">mail</a> <a href="tel:+441234">tel</a></p>' +
      '<img src="https://example.com/i.png" alt="pic"><ul><li><u>u</u> <sub>2</sub><sup>3</sup></li></ul><blockquote>q</blockquote><hr>';
    const created = await createArticle(admin, { content: html });
    expect(created.content).toContain('<p style="text-align:center">Centre</p>');
    expect(created.content).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(created.content).toContain('<a href="/news-and-views">in</a>');
    expect(created.content).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(created.content).toContain('<a href="tel:+441234">tel</a>');
    expect(created.content).toContain('<img src="https://example.com/i.png" alt="pic" />');
    expect(created.content).toContain('<sub>2</sub><sup>3</sup>');
    expect(created.content).toContain('<hr />');
  });

  it('refuses a body that is empty once the unsafe HTML is gone', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post('/api/admin/news-and-views', {
      title: 'Empty',
      summary: 'S',
      content: '<script>alert(1)</script><iframe src="x"></iframe>',
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Content is required' });
  });
});
