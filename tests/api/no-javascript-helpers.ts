import type { TestApp } from '../support/test-app';

/** A browser's form post from one of our pages: url-encoded, with our own Origin. */
export const postForm = (
  t: TestApp,
  client: ReturnType<TestApp['client']>,
  path: string,
  fields: Record<string, string>,
) =>
  client.post(path, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    origin: t.baseUrl,
  });

/** The register form's two boxes, ticked as a browser posts them. */
export const CONSENT_FIELDS_FORM = { confirmAge: 'on', acceptTerms: 'on' };

/** Text as React writes it into HTML. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The opening tag of the form that posts to `action` (empty when there is none). */
export const formOf = (html: string, action: string) =>
  html.match(/<form[^>]*>/g)?.find((tag) => tag.includes(`action="${action}"`)) ?? '';
