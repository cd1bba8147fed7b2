// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/request';
import { AUTH_USER_KEY } from '../features/auth/api';
import {
  finishHydration,
  parseSsrData,
  seedQueryClient,
  serializeSsrData,
  viewerElement,
  withViewer,
  type SsrData,
} from './ssr-data';

const now = new Date('2026-11-22T08:00:00Z');

async function serverClient() {
  const client = new QueryClient();
  await client.prefetchQuery({
    queryKey: ['/api/news-and-views', 'a'],
    queryFn: () => Promise.resolve({ title: '</script><script>alert(1)</script>', body: '<!-- x' }),
  });
  await client.prefetchQuery({
    queryKey: ['/api/news-and-views', 'gone'],
    queryFn: () => Promise.reject(new ApiError(404, '{"message":"Article not found"}', 'Not Found')),
    retry: false,
  });
  return client;
}

describe('the data a server-rendered page carries', () => {
  it('is JSON with no "<" at all, so stored text cannot end the script element', async () => {
    const text = serializeSsrData(await serverClient(), now);
    expect(text).not.toContain('<');
    const data = JSON.parse(text) as SsrData;
    expect(data.now).toBe(now.toISOString());
    expect(data.queries.queries.find((q) => q.queryKey[1] === 'a')?.state.data).toEqual({
      title: '</script><script>alert(1)</script>',
      body: '<!-- x',
    });
  });

  it('seeds a client with the data and the same ApiError, kept through hydration and then not kept', async () => {
    const data = parseSsrData(serializeSsrData(await serverClient(), now))!;
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 0, refetchOnMount: 'always' } } });
    seedQueryClient(client, data);
    expect(client.getQueryData(['/api/news-and-views', 'a'])).toMatchObject({ body: '<!-- x' });
    const failed = client.getQueryState(['/api/news-and-views', 'gone']);
    expect(failed?.status).toBe('error');
    expect(failed?.error).toBeInstanceOf(ApiError);
    expect((failed?.error as ApiError).status).toBe(404);
    // While hydrating, seeded queries do not refetch on mount...
    expect(client.defaultQueryOptions({ queryKey: ['/api/news-and-views', 'a'] }).refetchOnMount).toBe(false);
    finishHydration(client, data);
    // ...afterwards the app's own rule is back, and nothing is kept once unused.
    expect(client.defaultQueryOptions({ queryKey: ['/api/news-and-views', 'a'] }).refetchOnMount).toBe('always');
    expect(client.getQueryCache().find({ queryKey: ['/api/news-and-views', 'a'] })?.gcTime).toBe(0);
  });

  it('travels without the auth check’s answer, which the viewer element brings back for each person', async () => {
    const server = await serverClient();
    await server.prefetchQuery({ queryKey: AUTH_USER_KEY, queryFn: () => Promise.resolve({ id: 0, email: '' }) });
    const shared = serializeSsrData(server, now);
    // The answered auth check is not in the data a members' render shares...
    expect(shared).not.toContain('/api/auth/user');
    // ...each page carries its own viewer instead, with no "<" that could end the element.
    const element = viewerElement(JSON.stringify({ id: 7, email: '</script><b>ann@example.com' }));
    expect(element).toMatch(/^<script type="application\/json" id="vbg-viewer">[^<]*<\/script>$/);
    const text = /id="vbg-viewer">([^<]*)</.exec(element)![1];
    const data = withViewer(parseSsrData(shared)!, text);
    const client = new QueryClient();
    seedQueryClient(client, data);
    expect(client.getQueryData(AUTH_USER_KEY)).toEqual({ id: 7, email: '</script><b>ann@example.com' });
    expect(client.getQueryState(AUTH_USER_KEY)?.dataUpdatedAt).toBe(now.getTime());
    // A viewer element that cannot be read leaves the auth check to ask the server itself.
    expect(withViewer(data, 'not json')).toBe(data);
    // Signed out: the answer is null, as the auth check's 401 gives.
    const visitor = new QueryClient();
    seedQueryClient(visitor, withViewer(parseSsrData(shared)!, 'null'));
    expect(visitor.getQueryState(AUTH_USER_KEY)?.status).toBe('success');
    expect(visitor.getQueryData(AUTH_USER_KEY)).toBeNull();
  });
});
