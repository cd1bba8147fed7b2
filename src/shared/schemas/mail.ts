import { z } from 'zod';
import { emailField, newPassword, withConfirmation } from './auth';
import { RESET_LINK_INVALID_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE } from '../mail';

export const forgotPasswordBody = z.object({ email: emailField });

const token = z
  .string({ message: RESET_LINK_INVALID_MESSAGE })
  .trim()
  .min(1, RESET_LINK_INVALID_MESSAGE)
  .max(200, RESET_LINK_INVALID_MESSAGE);

export const resetPasswordBody = withConfirmation(
  z.object({ token, password: newPassword(), confirmPassword: z.string().optional() }),
);

export const unsubscribeBody = z.object({
  token: z
    .string({ message: UNSUBSCRIBE_INVALID_MESSAGE })
    .trim()
    .min(1, UNSUBSCRIBE_INVALID_MESSAGE)
    .max(200, UNSUBSCRIBE_INVALID_MESSAGE),
});

export const emailPreferenceBody = z.object({
  emailOptOut: z.boolean({ message: 'emailOptOut must be true or false' }),
});
