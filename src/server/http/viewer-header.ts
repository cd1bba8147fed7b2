import crypto from 'node:crypto';

/**
 * The session's key for the offline app (#shared/offline-viewer): a hash of the cookie's token
 * under a label of its own, so it names the session without being usable as one (nor is it the
 * stored id).
 */
export function offlineSessionKey(token: string): string {
  return crypto.createHash('sha256').update(`vbg offline session\0${token}`).digest('base64url').slice(0, 22);
}
