import { z } from 'zod';
import {
  AGE_REQUIRED_MESSAGE,
  PLANS,
  PLAN_INVALID_MESSAGE,
  START_NOW_REQUIRED_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from '../consent';

/** A box that must be ticked: only JSON `true` counts (a missing, false or "true" field is refused). */
const ticked = (message: string) => z.literal(true, { message });

/** Registering and joining both need: 18 or over, and the terms accepted. */
export const ageAndTermsFields = {
  confirmAge: ticked(AGE_REQUIRED_MESSAGE),
  acceptTerms: ticked(TERMS_REQUIRED_MESSAGE),
};

/** Joining also asks for access to start at once, acknowledging the loss of the 14-day right to cancel. */
export const joiningFields = {
  ...ageAndTermsFields,
  startNow: ticked(START_NOW_REQUIRED_MESSAGE),
  plan: z.enum(PLANS, { message: PLAN_INVALID_MESSAGE }).optional().default('monthly'),
};
