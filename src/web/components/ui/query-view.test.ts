import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/request';
import { EmptyCard, QueryView } from './query-view';

type Data = { items: string[] };
const render = (query: { isPending: boolean; error: unknown; data: Data | null | undefined }) =>
  renderToStaticMarkup(
    createElement(QueryView<Data>, {
      query,
      loadingLabel: 'Loading the items',
      errorText: 'Could not load the items.',
      isEmpty: (d) => d.items.length === 0,
      empty: createElement(EmptyCard, null, 'Nothing yet.'),
      children: (d) => createElement('ul', null, d.items.join(',')),
    }),
  );

describe('QueryView', () => {
  it('shows the named skeleton while the first answer is on its way', () => {
    const html = render({ isPending: true, error: null, data: undefined });
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading the items"');
    expect(html).not.toContain('<ul>');
  });

  it("shows the server's message as an alert, or the fallback, even over older data", () => {
    expect(
      render({
        isPending: false,
        error: new ApiError(503, JSON.stringify({ message: 'The feed is down' }), 'Service Unavailable'),
        data: { items: ['a'] },
      }),
    ).toBe('<p role="alert" class="text-red-800">The feed is down</p>');
    expect(render({ isPending: false, error: new Error('boom'), data: undefined })).toContain(
      'Could not load the items.',
    );
    expect(render({ isPending: false, error: null, data: null })).toContain('role="alert"');
  });

  it('shows the empty state for data with nothing in it, else the body with the data', () => {
    expect(render({ isPending: false, error: null, data: { items: [] } })).toContain('<p>Nothing yet.</p>');
    expect(render({ isPending: false, error: null, data: { items: ['a', 'b'] } })).toBe('<ul>a,b</ul>');
  });

  it('shows what `failed` gives in place of the alert, and the alert where it gives nothing', () => {
    const view = (error: unknown, data: Data | null) =>
      renderToStaticMarkup(
        createElement(QueryView<Data>, {
          query: { isPending: false, error, data },
          errorText: 'Could not load the items.',
          failed: (err) =>
            err instanceof ApiError && err.status === 401
              ? createElement('h2', null, 'Sign in')
              : err
                ? undefined
                : createElement('h2', null, 'Not found'),
          children: (d) => createElement('ul', null, d.items.join(',')),
        }),
      );
    expect(view(new ApiError(401, '', 'Unauthorized'), null)).toBe('<h2>Sign in</h2>');
    expect(view(null, null)).toBe('<h2>Not found</h2>');
    expect(view(new Error('boom'), null)).toBe('<p role="alert" class="text-red-800">Could not load the items.</p>');
    expect(view(null, { items: ['a'] })).toBe('<ul>a</ul>');
  });
});
