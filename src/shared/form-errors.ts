import {
  AGE_REQUIRED_MESSAGE,
  ANNUAL_UNAVAILABLE_MESSAGE,
  PLAN_INVALID_MESSAGE,
  START_NOW_REQUIRED_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from './consent';
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from './auth-rules';
import type {
  ForgotPasswordFormError,
  LoginFormError,
  RegisterFormError,
  SetPasswordFormError,
  SubscribeFormError,
} from './form-error-codes';
import { RESET_THROTTLED_MESSAGE } from './mail';
import { hasKey, keysOf } from './unknown-values';

/**
 * What the sign-in, register, forgot-password, set-password and subscribe forms say when they are refused. The JSON API answers these
 * texts; a form posted without JavaScript is sent back to its page with the text's code in the
 * address (`?error=<code>`), and the page shows the same text. Codes, not texts, travel in the
 * address: nobody can make the site display words of their own choosing.
 */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const LOGIN_THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const LOGIN_INCOMPLETE_MESSAGE = 'Enter your email address and password.';

export const ALREADY_MEMBER_MESSAGE = 'You already have an active subscription.';
export const EMAIL_ALREADY_MEMBER_MESSAGE =
  'This email address already has an active subscription. Please sign in to manage it.';
export const EMAIL_HAS_ACCOUNT_MESSAGE = 'This email address already has an account. Please sign in to subscribe.';
export const CHECKOUT_LIMITED_MESSAGE = 'Too many checkout attempts. Please wait 15 minutes and try again.';
const CHECKOUT_EMAIL_MESSAGE = 'Please enter a valid email address.';
const CHECKOUT_FAILED_MESSAGE = 'The payment page could not be opened. Please try again in a moment.';
export const PAYMENT_FAILED_CHECKOUT_MESSAGE =
  'Your last renewal payment did not go through. Update your card from My Account ("Manage cards and receipts") instead of subscribing again, so you are not charged twice.';

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const REGISTER_LIMITED_MESSAGE = 'Too many sign-up attempts. Please wait 15 minutes and try again.';
export const REGISTER_REFUSED_MESSAGE =
  'We could not create an account with these details. If you already have one, sign in or reset your password.';
const FORM_FAILED_MESSAGE = 'Something went wrong. Please try again.';
const PASSWORD_STEP_CLOSED_MESSAGE = 'There is no password to set for this payment any more.';

export const LOGIN_FORM_ERRORS: Record<LoginFormError, string> = {
  invalid: LOGIN_FAILED_MESSAGE,
  throttled: LOGIN_THROTTLED_MESSAGE,
  incomplete: LOGIN_INCOMPLETE_MESSAGE,
};

export const SUBSCRIBE_FORM_ERRORS: Record<SubscribeFormError, string> = {
  email: CHECKOUT_EMAIL_MESSAGE,
  member: EMAIL_ALREADY_MEMBER_MESSAGE,
  'already-member': ALREADY_MEMBER_MESSAGE,
  account: EMAIL_HAS_ACCOUNT_MESSAGE,
  throttled: CHECKOUT_LIMITED_MESSAGE,
  failed: CHECKOUT_FAILED_MESSAGE,
  'payment-failed': PAYMENT_FAILED_CHECKOUT_MESSAGE,
  age: AGE_REQUIRED_MESSAGE,
  terms: TERMS_REQUIRED_MESSAGE,
  'start-now': START_NOW_REQUIRED_MESSAGE,
  plan: ANNUAL_UNAVAILABLE_MESSAGE,
  'plan-choice': PLAN_INVALID_MESSAGE,
};

export const REGISTER_FORM_ERRORS: Record<RegisterFormError, string> = {
  'email-required': EMAIL_REQUIRED_MESSAGE,
  email: EMAIL_INVALID_MESSAGE,
  short: PASSWORD_TOO_SHORT,
  differ: PASSWORDS_DIFFER,
  age: AGE_REQUIRED_MESSAGE,
  terms: TERMS_REQUIRED_MESSAGE,
  account: REGISTER_REFUSED_MESSAGE,
  throttled: REGISTER_LIMITED_MESSAGE,
  failed: FORM_FAILED_MESSAGE,
};

export const FORGOT_PASSWORD_FORM_ERRORS: Record<ForgotPasswordFormError, string> = {
  'email-required': EMAIL_REQUIRED_MESSAGE,
  email: EMAIL_INVALID_MESSAGE,
  throttled: RESET_THROTTLED_MESSAGE,
  failed: FORM_FAILED_MESSAGE,
};

export const SET_PASSWORD_FORM_ERRORS: Record<SetPasswordFormError, string> = {
  short: PASSWORD_TOO_SHORT,
  differ: PASSWORDS_DIFFER,
  closed: PASSWORD_STEP_CLOSED_MESSAGE,
  failed: FORM_FAILED_MESSAGE,
};

export type {
  ForgotPasswordFormError,
  LoginFormError,
  RegisterFormError,
  SetPasswordFormError,
  SubscribeFormError,
} from './form-error-codes';

/** The code of a refusal's text (`fallback` for a text the form does not know). */
export function formErrorCode<K extends string>(errors: Record<K, string>, message: string, fallback: K): K {
  return keysOf(errors).find((code) => errors[code] === message) ?? fallback;
}

/** The text of a code read from the address, or null for none or one the form does not know. */
export function formErrorText<K extends string>(errors: Record<K, string>, code: string | null): string | null {
  return code !== null && hasKey(errors, code) ? errors[code] : null;
}
