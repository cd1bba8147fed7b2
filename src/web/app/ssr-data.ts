import { dehydrate, hashKey, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '../features/auth/api';
import { ApiError } from '../lib/request';

/**
 * What a server-rendered page carries for its hydration, in
 * `<script type="application/json" id="vbg-data">`: the server's "now" and the TanStack Query
 * cache the server rendered from. Not executable (the CSP stays `script-src 'self'`), and every
 * `<` is written as \u003c so stored text can never close the element.
 */
const SSR_DATA_ID = 'vbg-data';
/**
 * Who the page was rendered for (the auth check's answer: the signed-in user, or null) travels
 * apart from the rest, in `<script type="application/json" id="vbg-viewer">`, written by the server
 * for each request. So the rest can be one copy for every member of a day (decision 0052) while
 * each member's page still hydrates as theirs.
 */
const VIEWER_ID = 'vbg-viewer';

/** The auth check's query, answered: it travels in the viewer element, not with the rest. */
const isAnsweredViewer = (q: Query) => q.queryHash === hashKey(AUTH_USER_KEY) && q.state.status === 'success';

export interface SsrData {
  now: string;
  queries: DehydratedState;
}

/** A failed query travels as its status and body; the client rebuilds the same ApiError from it. */
interface SerializedError {
  apiError: { status: number; bodyText: string; statusText: string };
}

export function serializeSsrData(client: QueryClient, now: Date): string {
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status !== 'pending' && !isAnsweredViewer(q),
  });
  for (const q of queries.queries) {
    const err = q.state.error;
    if (err) {
      const apiError =
        err instanceof ApiError
          ? { status: err.status, bodyText: err.bodyText, statusText: '' }
          : { status: 500, bodyText: '', statusText: 'Error' };
      (q.state as { error: unknown }).error = { apiError } satisfies SerializedError;
    }
  }
  const data: SsrData = { now: now.toISOString(), queries };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The element's text back as data, failed queries with their ApiError again; null if unreadable. */
export function parseSsrData(text: string): SsrData | null {
  try {
    const data = JSON.parse(text) as SsrData;
    for (const q of data.queries.queries) {
      const e = (q.state.error as SerializedError | null)?.apiError;
      if (e) (q.state as { error: unknown }).error = new ApiError(e.status, e.bodyText, e.statusText);
    }
    return data;
  } catch {
    return null;
  }
}

export function readSsrData(): SsrData | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SSR_DATA_ID)?.textContent;
  const data = text ? parseSsrData(text) : null;
  const viewer = document.getElementById(VIEWER_ID)?.textContent;
  return data && viewer ? withViewer(data, viewer) : data;
}

/** The data with the viewer element's answer as the auth check's query, answered when the page was rendered. */
export function withViewer(data: SsrData, viewerText: string): SsrData {
  let viewer: unknown;
  try {
    viewer = JSON.parse(viewerText);
  } catch {
    return data; // the auth check then asks the server itself
  }
  const at = Date.parse(data.now);
  const query = {
    dehydratedAt: at,
    queryKey: [...AUTH_USER_KEY],
    queryHash: hashKey(AUTH_USER_KEY),
    state: {
      data: viewer,
      dataUpdateCount: 1,
      dataUpdatedAt: at,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success' as const,
      fetchStatus: 'idle' as const,
    },
  };
  const others = data.queries.queries.filter((q) => q.queryHash !== query.queryHash);
  return { ...data, queries: { ...data.queries, queries: [query, ...others] } };
}

/** The viewer element's text for the auth check's answer (JSON text), `<` escaped like the data's. */
export function viewerElement(answerJson: string): string {
  return `<script type="application/json" id="${VIEWER_ID}">${answerJson.replace(/</g, '\\u003c')}</script>`;
}

/**
 * Seeds the cache before hydrateRoot, so the first render on the client is the server's. The
 * app's defaults refetch on every mount and keep nothing; for the hydration render
 * only, seeded queries neither refetch nor retry (the answer is milliseconds old) nor get collected before
 * the page's observers attach. `finishHydration` puts the defaults back.
 */
export function seedQueryClient(client: QueryClient, data: SsrData) {
  hydrate(client, data.queries, { defaultOptions: { queries: { gcTime: 60_000 } } });
  // retryOnMount: a query that failed on the server shows its error, as the server rendered it.
  for (const q of data.queries.queries)
    client.setQueryDefaults(q.queryKey, { refetchOnMount: false, retryOnMount: false });
}

export function finishHydration(client: QueryClient, data: SsrData) {
  for (const q of data.queries.queries) {
    client.setQueryDefaults(q.queryKey, {});
    const query = client.getQueryCache().find({ queryKey: q.queryKey, exact: true });
    // gcTime only ever grows through options; back to the app's "keep nothing" once hydrated.
    if (query) query.gcTime = 0;
  }
}
