import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminActionResult, BackCatalogueEntry } from '#shared/schemas/tips';
import { apiJson, getJson } from '#web/lib/request';

const BACK_CATALOGUE_KEY = ['/api/back-catalogue'] as const;

/** Always refetched. */
export function useBackCatalogue() {
  return useQuery({
    queryKey: BACK_CATALOGUE_KEY,
    queryFn: async () => (await getJson<BackCatalogueEntry[]>('/api/back-catalogue')) ?? [],
  });
}

export function useMoveToLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<AdminActionResult>('POST', '/api/move-to-library'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BACK_CATALOGUE_KEY }),
  });
}

export function useUploadBackCataloguePdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, date }: { file: File; date: string }) => {
      const form = new FormData();
      form.append('date', date);
      form.append('pdf', file, file.name);
      return apiJson<AdminActionResult>('POST', '/api/admin/upload-back-catalogue-pdf', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BACK_CATALOGUE_KEY }),
  });
}
