import { ApiError, errorMessage } from '#web/lib/request';
import { fieldOf } from '#shared/unknown-values';

/**
 * This browser's side of Web Push: whether it can take alerts, and turning them on or off. Every
 * outcome is a sentence for the member; nothing here throws.
 */
const NO_PUSH_SUPPORT =
  'This browser cannot show alerts (it has no Web Push support). On an iPhone or iPad, add VBG to your Home Screen and open it from there; or turn on the e-mail digest below.';
export const PERMISSION_DENIED =
  'Notifications are blocked for this site. Allow them in your browser’s site settings, then press the button again.';
const PERMISSION_NOT_GIVEN = 'Alerts were not turned on: allow notifications when your browser asks.';
const NO_SERVICE_WORKER = 'This page is not ready for alerts yet. Reload it and try again.';

export type DeviceState = 'unsupported' | 'off' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Whether this browser already takes alerts (has a push subscription). */
export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  return sub ? 'on' : 'off';
}

/** The VAPID key as pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export interface DeviceSteps {
  publicKey: () => Promise<{ enabled: boolean; publicKey: string | null; message: string }>;
  save: (subscription: PushSubscriptionJSON) => Promise<{ message: string }>;
  remove: (endpoint: string) => Promise<{ message: string }>;
}

export type DeviceOutcome = { ok: boolean; message: string };

const failed = (err: unknown, fallback: string): DeviceOutcome => ({ ok: false, message: errorMessage(err, fallback) });

/** The server's refusal of an endpoint bound to another account. */
function endpointTaken(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 409) return false;
  try {
    return fieldOf(JSON.parse(err.bodyText), 'code') === 'endpoint_taken';
  } catch {
    return false;
  }
}

/** Asks for permission, subscribes with the site's key and gives the subscription to the server. */
export async function turnOn(steps: DeviceSteps): Promise<DeviceOutcome> {
  if (!pushSupported()) return { ok: false, message: NO_PUSH_SUPPORT };
  try {
    const key = await steps.publicKey();
    if (!key.enabled || !key.publicKey) return { ok: false, message: key.message };
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return { ok: false, message: PERMISSION_DENIED };
    if (permission !== 'granted') return { ok: false, message: PERMISSION_NOT_GIVEN };
    const reg = await registration();
    if (!reg) return { ok: false, message: NO_SERVICE_WORKER };
    await navigator.serviceWorker.ready;
    const options = { userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) };
    const subscription = await reg.pushManager.subscribe(options);
    const saved = await steps.save(subscription.toJSON()).catch(async (err: unknown) => {
      if (!endpointTaken(err)) throw err;
      // The endpoint is still bound to an account signed in here before (its session ended
      // without signing out): a fresh subscription has a new endpoint, and the old one stops working.
      await subscription.unsubscribe();
      return steps.save((await reg.pushManager.subscribe(options)).toJSON());
    });
    return { ok: true, message: saved.message };
  } catch (err) {
    return failed(err, 'Alerts could not be turned on for this device. Please try again.');
  }
}

/** Removes this browser's subscription here and on the server. */
export async function turnOff(steps: DeviceSteps): Promise<DeviceOutcome> {
  if (!pushSupported()) return { ok: false, message: NO_PUSH_SUPPORT };
  try {
    const reg = await registration();
    const subscription = await reg?.pushManager.getSubscription();
    if (!subscription) return { ok: true, message: 'Alerts are off for this device.' };
    const answer = await steps.remove(subscription.endpoint).catch((err: unknown) => {
      // Already gone on the server (expired, or another account's now): still unsubscribe here.
      if (err instanceof ApiError && err.status === 404) return { message: 'Alerts are off for this device.' };
      throw err;
    });
    await subscription.unsubscribe();
    return { ok: true, message: answer.message };
  } catch (err) {
    return failed(err, 'Alerts could not be turned off for this device. Please try again.');
  }
}
