import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/request';

const SYSTEM_SETTINGS_KEY = ['/api/admin/settings'] as const;

export interface SystemSettings {
  openAccess: boolean;
}

export function useSystemSettings() {
  return useQuery<SystemSettings | null>({ queryKey: SYSTEM_SETTINGS_KEY });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SystemSettings) =>
      apiJson<{ message: string; openAccess: boolean }>('POST', '/api/admin/settings', settings),
    onSuccess: (result) => {
      queryClient.setQueryData(SYSTEM_SETTINGS_KEY, { openAccess: result.openAccess });
    },
  });
}
