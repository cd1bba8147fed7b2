/**
 * The codes a refused no-JavaScript form comes back with (`?error=<code>`), apart from their
 * texts (form-errors.ts): the route table keeps these addresses' query parameters, and the texts
 * need not be in every page's script for that.
 */
export const LOGIN_FORM_ERROR_CODES = ['invalid', 'throttled', 'incomplete'] as const;
export const SUBSCRIBE_FORM_ERROR_CODES = [
  'email',
  'member',
  'already-member',
  'account',
  'throttled',
  'failed',
  'age',
  'terms',
  'start-now',
  'plan',
  'plan-choice',
  'payment-failed',
] as const;

export const REGISTER_FORM_ERROR_CODES = [
  'email-required',
  'email',
  'short',
  'differ',
  'age',
  'terms',
  'account',
  'throttled',
  'failed',
] as const;
export const FORGOT_PASSWORD_FORM_ERROR_CODES = ['email-required', 'email', 'throttled', 'failed'] as const;
/** A refused password step after paying ('closed': this payment has no password to set any more). */
export const SET_PASSWORD_FORM_ERROR_CODES = ['short', 'differ', 'closed', 'failed'] as const;

export type LoginFormError = (typeof LOGIN_FORM_ERROR_CODES)[number];
export type SubscribeFormError = (typeof SUBSCRIBE_FORM_ERROR_CODES)[number];
export type RegisterFormError = (typeof REGISTER_FORM_ERROR_CODES)[number];
export type ForgotPasswordFormError = (typeof FORGOT_PASSWORD_FORM_ERROR_CODES)[number];
export type SetPasswordFormError = (typeof SET_PASSWORD_FORM_ERROR_CODES)[number];
