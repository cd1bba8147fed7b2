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

export type LoginFormError = (typeof LOGIN_FORM_ERROR_CODES)[number];
export type SubscribeFormError = (typeof SUBSCRIBE_FORM_ERROR_CODES)[number];
