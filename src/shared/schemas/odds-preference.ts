import { z } from 'zod';
import { ODDS_FORMATS } from '../odds-format';

/** PUT /api/odds-format (issue 20 item 5). */
export const oddsFormatBody = z.object({ oddsFormat: z.enum(ODDS_FORMATS, { message: 'Odds format must be fractional or decimal' }) });
