import type { HttpClient } from '../support/http-client';

/** Shared bits of the articles API tests (not a test file itself). */
export const PREMIUM_SECRET = 'PREMIUM-BODY-SECRET-7f3a';
export const REGULAR_BODY = 'REGULAR-BODY-TEXT-19c2';

export function articleBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'A Day at the Races',
    summary: '<p>The <strong>summary</strong> line.</p>',
    content: `<p>${REGULAR_BODY}</p>`,
    category: 'news',
    contentType: 'regular',
    author: 'Sam Hartley',
    publishDate: '2025-03-10',
    ...overrides,
  };
}

export async function createArticle(admin: HttpClient, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/news-and-views', articleBody(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json as { id: number; slug: string; content: string; summary: string; title: string };
}
