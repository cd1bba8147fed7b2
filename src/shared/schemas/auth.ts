import type { OddsFormat } from '../odds-format';
import { z } from 'zod';

import { MIN_PASSWORD_LENGTH } from '../auth-rules';

export { MIN_PASSWORD_LENGTH };

const email = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((e) => e.toLowerCase());

// Passwords are never trimmed; the upper bound only stops absurd hashing work.
const password = z.string({ message: 'Password is required' }).max(200, 'Password is too long');

export const loginBody = z.object({ email, password: password.min(1, 'Password is required') });
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z
  .object({
    email,
    password: password.min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: 'Please ensure both passwords are identical',
  });

export const changePasswordBody = z.object({
  currentPassword: password.min(1, 'Please fill in all password fields'),
  newPassword: password.min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters`),
});

export const emailField = email;

/** The current user as GET /api/auth/user answers it (spec 01 §3). */
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
  /** How odds are shown to them (issue 20); 'fractional' unless they chose otherwise. */
  oddsFormat: OddsFormat;
}
