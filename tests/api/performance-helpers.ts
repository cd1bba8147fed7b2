import type { HttpClient } from '../support/http-client';

/** A body for POST /api/admin/back-catalogue-entry as the Record New Tips form sends it. */
export function tipEntry(overrides: Record<string, unknown> = {}) {
  return {
    raceDate: '2026-07-14',
    raceTime: '2:10 Ascot',
    raceLocation: 'Daily Tips',
    selectionName: 'Northern Star',
    selectionType: 'nap',
    advisedOdds: '5/1',
    startingPrice: null,
    result: null,
    profitLoss: null,
    ...overrides,
  };
}

export async function record(admin: HttpClient, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/api/admin/back-catalogue-entry', tipEntry(overrides));
  if (res.status !== 200) throw new Error(`record failed: ${res.status} ${res.text}`);
  return (res.json as { record: { id: number } }).record.id;
}

export async function settle(admin: HttpClient, id: number, result: string, startingPrice?: string) {
  const res = await admin.post(`/api/admin/tip-records/${id}/settle`, {
    result,
    ...(startingPrice ? { startingPrice } : {}),
  });
  if (res.status !== 200) throw new Error(`settle failed: ${res.status} ${res.text}`);
  return res;
}
