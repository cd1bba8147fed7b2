import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, emailField } from './auth';
import { RESET_LINK_INVALID_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE } from '../mail';

export const forgotPasswordBody = z.object({ email: emailField });

const token = z.string({ message: RESET_LINK_INVALID_MESSAGE }).trim().min(1, RESET_LINK_INVALID_MESSAGE).max(200, RESET_LINK_INVALID_MESSAGE);

export const resetPasswordBody = z
  .object({
    token,
    password: z
      .string({ message: 'Password is required' })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
      .max(200, 'Password is too long'),
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, { message: 'Please ensure both passwords are identical' });

export const unsubscribeBody = z.object({
  token: z.string({ message: UNSUBSCRIBE_INVALID_MESSAGE }).trim().min(1, UNSUBSCRIBE_INVALID_MESSAGE).max(200, UNSUBSCRIBE_INVALID_MESSAGE),
});

export const emailPreferenceBody = z.object({ emailOptOut: z.boolean({ message: 'emailOptOut must be true or false' }) });
