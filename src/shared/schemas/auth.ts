import type { OddsFormat } from '../odds-format';
import { z } from 'zod';

import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../auth-rules';
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } from '../form-errors';
import { ageAndTermsFields } from './consent';

const email = z
  .string({ message: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, 'Email is too long')
  .pipe(z.email({ message: EMAIL_INVALID_MESSAGE }))
  .transform((e) => e.toLowerCase());

// Passwords are never trimmed; the upper bound only stops absurd hashing work.
const password = z.string({ message: 'Password is required' }).max(200, 'Password is too long');

/** A password being chosen (register, reset, set after payment, change): the one length rule. */
export const newPassword = (tooShort = PASSWORD_TOO_SHORT, missing = 'Password is required') =>
  z.string({ message: missing }).min(MIN_PASSWORD_LENGTH, tooShort).max(200, 'Password is too long');

/** A body whose optional confirmPassword, when sent, must equal its password. */
export const withConfirmation = <T extends z.ZodType<{ password: string; confirmPassword?: string }>>(body: T) =>
  body.refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: PASSWORDS_DIFFER,
  });

export const loginBody = z.object({ email, password: password.min(1, 'Password is required') });

export const registerBody = withConfirmation(
  z.object({ email, password: newPassword(), confirmPassword: z.string().optional(), ...ageAndTermsFields }),
);

export const changePasswordBody = z.object({
  currentPassword: password.min(1, 'Please fill in all password fields'),
  newPassword: newPassword(NEW_PASSWORD_TOO_SHORT),
});

/** The change-password form: the body the server parses, and the new password typed twice alike. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'Please fill in all password fields') })
  .refine((b) => b.confirmPassword === b.newPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

export const emailField = email;

/** The current user as GET /api/auth/user answers it. */
export interface CurrentUser {
  id: number;
  email: string;
  role: string;
  isSubscribed: boolean;
  hasMemberAccess: boolean;
  subscriptionType: string | null;
  subscriptionStatus: string;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  cancelAtPeriodEnd: boolean;
  emailOptOut: boolean;
  /** Member e-mails are paused until this instant (the "pause my e-mails" tool); null when not paused. */
  emailPausedUntil: string | null;
  /** How odds are shown to them (docs/decisions/0030); 'fractional' unless they chose otherwise. */
  oddsFormat: OddsFormat;
  /** A renewal payment failed then (null when paid up); access lasts until graceUntil while the card is retried. */
  paymentFailedAt: string | null;
  graceUntil: string | null;
}

/** POST /api/logout: optionally this browser's push endpoint, freed for whoever signs in on it next. */
export const logoutBody = z.object({ pushEndpoint: z.string().min(1).max(2000).optional() });
