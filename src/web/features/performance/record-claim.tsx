import { useQuery } from '@tanstack/react-query';
import type { RecordClaimAnswer } from '#shared/schemas/performance';
import { getJson } from '#web/lib/request';

/**
 * The record's profit, ROI and strike-rate sentence (recordClaim, from the server), or nothing
 * while the record is too short to claim anything. The only place a page states such figures
 * outside the record itself.
 */
export function RecordClaim({ className }: { className?: string }) {
  const { data } = useQuery({
    queryKey: ['/api/record-claim'],
    queryFn: () => getJson<RecordClaimAnswer>('/api/record-claim'),
  });
  if (!data?.claim) return null;
  return (
    <p className={className} data-testid="record-claim">
      {data.claim}
    </p>
  );
}
