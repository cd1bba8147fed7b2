import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Article,
  AutomateAccessResponse,
  CreateArticleBody,
  ImportResourcesResponse,
  UpdateArticleBody,
  UpdateArticleResponse,
} from '#shared/schemas/articles';
import { apiJson, getJson } from '#web/lib/request';
import { normalizeArticle, normalizeArticles } from './article-rules';

const ARTICLES_KEY = ['/api/news-and-views'] as const;

/** The article calls are fresh for 5 minutes, kept for 10, never retried or refetched on mount or focus. */
const articleCaching = {
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: false,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
} as const;

export function useArticles() {
  return useQuery({
    queryKey: ARTICLES_KEY,
    queryFn: async () => normalizeArticles(await getJson<unknown>('/api/news-and-views')),
    ...articleCaching,
  });
}

/** One article; null when the answer is not an article (an array, no id or title). */
export function useArticle(slug: string, enabled = true) {
  return useQuery({
    queryKey: [...ARTICLES_KEY, slug],
    queryFn: async () => normalizeArticle(await getJson<unknown>(`/api/news-and-views/${encodeURIComponent(slug)}`)),
    enabled: enabled && slug !== '',
    ...articleCaching,
  });
}

/**
 * After an admin change: articles on screen are fetched again, the rest are dropped from the
 * cache (they would otherwise be served for up to 10 minutes, as nothing refetches on mount).
 * `skip` names a query not to refetch (the article just deleted, which would answer 404).
 */
function useRefreshArticles() {
  const queryClient = useQueryClient();
  return async (skip?: string) => {
    queryClient.removeQueries({ queryKey: ARTICLES_KEY, type: 'inactive' });
    await queryClient.invalidateQueries({
      queryKey: ARTICLES_KEY,
      type: 'active',
      predicate: (q) => skip === undefined || q.queryKey[1] !== skip,
    });
  };
}

export function useCreateArticle() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (body: CreateArticleBody) => apiJson<Article>('POST', '/api/admin/news-and-views', body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateArticle() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateArticleBody }) =>
      apiJson<UpdateArticleResponse>('PUT', `/api/admin/news-and-views/${id}`, body),
    onSuccess: () => refresh(),
  });
}

export function useDeleteArticle() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('DELETE', `/api/admin/news-and-views/${id}`),
    onSuccess: (_res, id) => refresh(String(id)),
  });
}

export function useAutomateArticleAccess() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: () => apiJson<AutomateAccessResponse>('POST', '/api/admin/automate-article-access', {}),
    onSuccess: () => refresh(),
  });
}

export function useImportResourceLibrary() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: () => apiJson<ImportResourcesResponse>('POST', '/api/admin/import-resource-library', {}),
    onSuccess: () => refresh(),
  });
}
