/**
 * What a person agrees to when they register or join, and what they are told when they do not.
 * Pure text and constants: the register and subscribe pages, the no-JavaScript form's error
 * codes and the server's zod schemas all read them from here.
 */

/**
 * The version of the terms a person accepts; stored with the time of acceptance. Change it
 * whenever the terms page changes in substance, so every account says which text it accepted.
 */
export const TERMS_VERSION = '2026-11-25';

export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';

export const AGE_REQUIRED_MESSAGE = 'Please confirm that you are 18 or over: membership is for adults only.';
export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms and conditions to continue.';
/**
 * The 14-day cancellation right of the Consumer Contracts Regulations ends once digital content
 * starts with the buyer's express consent and acknowledgement; membership starts at payment, so a
 * checkout without that consent is refused rather than taken on other terms.
 */
export const START_NOW_REQUIRED_MESSAGE =
  'Please tick "Start my membership now" to continue. Membership is daily digital content that starts as soon as you pay, so you cannot keep the 14-day right to cancel once it has started. Our 7-day money-back guarantee still applies: ask within 7 days of paying and we refund you in full.';
export const ANNUAL_UNAVAILABLE_MESSAGE =
  'The annual plan is not available at the moment. Please choose the monthly plan.';
export const PLAN_INVALID_MESSAGE = 'Please choose the monthly or the annual plan.';

/** The boxes' labels (the links inside the terms label are drawn by the page). */
export const AGE_LABEL = 'I am 18 or over';
export const START_NOW_LABEL =
  'Start my membership now. I understand that once it starts I lose my 14-day right to cancel; the 7-day money-back guarantee still applies.';

export const PLANS = ['monthly', 'annual'] as const;
export type Plan = (typeof PLANS)[number];

/** The boxes, in the order the forms show them, and what a form says when one is left unticked. */
export const CONSENT_FIELDS = ['confirmAge', 'acceptTerms', 'startNow'] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];
export const CONSENT_REQUIRED_MESSAGES: Record<ConsentField, string> = {
  confirmAge: AGE_REQUIRED_MESSAGE,
  acceptTerms: TERMS_REQUIRED_MESSAGE,
  startNow: START_NOW_REQUIRED_MESSAGE,
};
