/** Kept free of zod so browser pages that only need the rule do not download the validator. */

/**
 * A session ends after this long without a request (the server's rule, src/server/sessions/sessions.ts);
 * the page signs out after as long without activity, and the offline app stops serving a
 * session's saved data after it (decision 0043).
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export const MIN_PASSWORD_LENGTH = 6;

/** The new-password messages, the same on every page that sets one and in the schemas that check it again. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DIFFER = 'Please ensure both passwords are identical';
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/**
 * What is wrong with a new password and its confirmation, checked before anything is sent
 * (register, reset, set after payment): too short first, then different; null when both are fine.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
): { title: string; description: string } | null {
  if (password.length < MIN_PASSWORD_LENGTH) return { title: 'Password too short', description: PASSWORD_TOO_SHORT };
  if (password !== confirmation) return { title: 'Passwords do not match', description: PASSWORDS_DIFFER };
  return null;
}
