import { z } from 'zod';

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Quiet hours must be times such as 22:00 and 07:00');

/** GET and PUT /api/alert-settings: the member's choices (no row yet: all off, no quiet hours). */
export const alertSettingsBody = z
  .object({
    tipsPublished: z.boolean(),
    valueReached: z.boolean(),
    tipNonRunner: z.boolean(),
    emailDigest: z.boolean(),
    quietFrom: clockTime.nullable(),
    quietUntil: clockTime.nullable(),
  })
  .strict()
  .refine((s) => (s.quietFrom === null) === (s.quietUntil === null), {
    message: 'Quiet hours need both a start and an end time, or neither',
  })
  .refine((s) => s.quietFrom === null || s.quietFrom !== s.quietUntil, {
    message: 'Quiet hours must start and end at different times',
  });
export type AlertSettings = z.infer<typeof alertSettingsBody>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is not a push subscription key`)
    .max(max, `${what} is not a push subscription key`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} is not a push subscription key`);

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ message: 'The push endpoint must be a URL' }).max(2000, 'The push endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url('p256dh', 80, 100), // an uncompressed P-256 point, 65 bytes
    auth: base64url('auth', 16, 32), // 16 random bytes
  }),
});

/** DELETE /api/push/subscriptions: one of the member's own endpoints. */
export const pushEndpointBody = z.object({
  endpoint: z.string().min(1, 'Which endpoint?').max(2000, 'The push endpoint is too long'),
});

/** GET /api/push/public-key */
export interface PushPublicKeyAnswer {
  enabled: boolean;
  /** The VAPID public key (base64url) for pushManager.subscribe, when push is on. */
  publicKey: string | null;
  message: string;
}

/** GET /api/alert-settings: the choices and how many of the member's devices take push. */
export interface AlertSettingsAnswer extends AlertSettings {
  pushDevices: number;
}
