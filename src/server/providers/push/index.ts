import webpush from 'web-push';
import { pushEndpointAllowed, type PushPayload } from '#shared/alerts';
import { codeOf, fieldOf } from '#shared/unknown-values';
import type { AppConfig } from '#server/env';

/** A push service that has not answered within this is treated as failed for this attempt. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline: the rest of a race day. */
const PUSH_TTL_SECONDS = 12 * 3600;

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What one send came to: delivered, the subscription is gone for good, or failed this time. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/**
 * Web Push with the VAPID key pair from the environment; null when push is off (no keys). web-push
 * builds the message (the aes128gcm-encrypted payload, the signed VAPID header, TTL); the POST is
 * ours, so it takes http for a local push service in tests, follows no redirect and times out.
 * Only endpoints on PUSH_SERVICE_HOSTS are ever called, checked again here at every send.
 */
export function createPushSender(config: AppConfig): PushSender | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (!publicKey || !privateKey || !subject) return null;
  return {
    async send(target, payload) {
      if (!pushEndpointAllowed(target.endpoint, config.PUSH_SERVICE_HOSTS))
        return { kind: 'failed', reason: 'endpoint not on PUSH_SERVICE_HOSTS' };
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject, publicKey, privateKey },
            TTL: PUSH_TTL_SECONDS,
          },
        );
      } catch {
        // The browser's keys cannot encrypt (a corrupt subscription): it never will.
        return { kind: 'gone', status: 0 };
      }
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (err) {
        const cause =
          err instanceof Error && err.name === 'TimeoutError'
            ? `no answer within ${PUSH_TIMEOUT_MS / 1000} s`
            : `${codeOf(fieldOf(err, 'cause')) ?? 'network error'}`;
        return { kind: 'failed', reason: cause };
      }
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
      // 404 and 410: the browser unsubscribed or the subscription expired.
      if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
      return { kind: 'failed', reason: `push service answered ${res.status}` };
    },
  };
}
