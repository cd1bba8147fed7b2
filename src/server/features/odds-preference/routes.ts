import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { oddsFormatBody } from '#shared/schemas/odds-preference';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { parse } from '#server/http/parse';

/**
 * The member's odds format (docs/decisions/0030): stored on their account, read back through
 * GET /api/auth/user, so every page shows odds the same way on any device.
 */
export function oddsPreferenceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.put('/api/odds-format', { config: { access: 'signedIn' } }, async (request) => {
    const { oddsFormat } = parse(oddsFormatBody, request.body);
    await ctx.db.update(users).set({ oddsFormat, updatedAt: ctx.clock.now() }).where(eq(users.id, request.user!.id));
    return {
      success: true,
      oddsFormat,
      message:
        oddsFormat === 'decimal'
          ? 'Odds are now shown as decimals (5/1 is 6.00).'
          : 'Odds are now shown as fractions (6.00 is 5/1).',
    };
  });
}
