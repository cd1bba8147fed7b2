/**
 * Answers the service worker served from a member's saved copy, with no network, carry the time
 * they were saved in this header (features/race-day-app/service-worker.ts). The page notes the
 * oldest such time until a fresh answer arrives, and says it is showing saved data from then.
 */
export const SAVED_AT_HEADER = 'X-VBG-Saved-At';
/** The meta element a page served from a saved copy carries: when it was saved (the worker adds it). */
export const SAVED_PAGE_META = 'vbg-saved-at';

let savedAt: number | null = null;
const listeners = new Set<() => void>();

function set(value: number | null) {
  if (value === savedAt) return;
  savedAt = value;
  for (const listener of listeners) listener();
}

/** Reads an API answer's stamp: a saved copy keeps the oldest time; a fresh answer clears it. */
export function noteSavedAt(res: Response) {
  const stamp = Date.parse(res.headers.get(SAVED_AT_HEADER) ?? '');
  if (Number.isFinite(stamp)) set(savedAt === null ? stamp : Math.min(savedAt, stamp));
  else if (res.ok) set(null);
}

/** For useSyncExternalStore: when the page shows saved data, and since when (epoch ms). */
export function subscribeSavedAt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function savedAtNow(): number | null {
  return savedAt;
}

/**
 * A page the service worker served from a saved copy (no network) carries the time it was saved
 * in `<meta name="vbg-saved-at">`: noted like an API answer's stamp, so the page says so too.
 */
export function noteSavedPage(doc: Pick<Document, 'querySelector'>) {
  const content = doc.querySelector(`meta[name="${SAVED_PAGE_META}"]`)?.getAttribute('content');
  const stamp = Date.parse(content ?? '');
  if (Number.isFinite(stamp)) set(savedAt === null ? stamp : Math.min(savedAt, stamp));
}
