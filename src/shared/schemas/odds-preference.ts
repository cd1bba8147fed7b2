import { z } from 'zod';
import { ODDS_FORMATS } from '../odds-format';

/** PUT /api/odds-format: how the signed-in member wants odds shown, fractional or decimal. */
export const oddsFormatBody = z.object({
  oddsFormat: z.enum(ODDS_FORMATS, { message: 'Odds format must be fractional or decimal' }),
});
