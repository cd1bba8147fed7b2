/**
 * Who the server answered, told on every answer that looked at the session (API reads and pages),
 * so the members' offline app (decision 0043) learns of a sign-out, a lapse or a new session from
 * whatever the member loads: `X-VBG-Viewer: visitor`, `account; session=<key>` (signed in, no
 * member access) or `member; session=<key>`. The key names the session (a hash of its cookie,
 * never the cookie): what the app saved for one session is never served to another.
 */
import { isOneOf } from './unknown-values';

export const VIEWER_HEADER = 'X-VBG-Viewer';

const SIGNED_IN_KINDS = ['account', 'member'] as const;
export type OfflineViewer = { kind: 'visitor' } | { kind: (typeof SIGNED_IN_KINDS)[number]; session: string };

export function writeViewerHeader(viewer: OfflineViewer): string {
  return viewer.kind === 'visitor' ? 'visitor' : `${viewer.kind}; session=${viewer.session}`;
}

/** The header read back; null when absent or not one of ours (the answer then says nothing). */
export function readViewerHeader(value: string | null): OfflineViewer | null {
  if (value === 'visitor') return { kind: 'visitor' };
  const m = /^(account|member); session=([\w-]{8,64})$/.exec(value ?? '');
  const kind = m?.[1];
  return m && isOneOf(SIGNED_IN_KINDS, kind) ? { kind, session: m[2] } : null;
}
