import { useQuery } from '@tanstack/react-query';
import type { ProofingStatus } from '#shared/schemas/proofing';
import { getJson } from '#web/lib/request';

/** The stamper runs on its own: the admin panel re-reads its status while open. */
const STATUS_REFRESH_MS = 15_000;

/** Admin: today's time-stamps and lodgement e-mails, each told in a line. */
export function useProofingStatus() {
  return useQuery({
    queryKey: ['/api/admin/proofing/status'],
    queryFn: () => getJson<ProofingStatus>('/api/admin/proofing/status'),
    refetchInterval: STATUS_REFRESH_MS,
  });
}
