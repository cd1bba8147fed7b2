import { useQuery } from '@tanstack/react-query';
import type { BusinessFigures } from '#shared/business-figures';

const BUSINESS_KEY = ['/api/admin/business'] as const;

/** The owner's numbers (admin only; read fresh each time the tab opens). */
export function useBusinessFigures() {
  return useQuery<BusinessFigures | null>({ queryKey: BUSINESS_KEY, staleTime: 0 });
}
