import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { AppContext } from '#server/context';
import { createUser } from '#server/features/auth/users';
import { seedDemoArticles } from '#server/features/articles/demo';
import { seedDemoFreeRace } from '#server/features/free-race/demo';
import { seedDemoMembers } from '#server/features/members/demo';
import { seedDemoPerformance } from '#server/features/performance/demo';
import { seedDemoPrices } from '#server/features/prices/demo';
import { seedDemoRaceCards } from '#server/features/race-cards/demo';
import { seedDemoRacePreviews } from '#server/features/race-previews/demo';
import { seedDemoRaceResults } from '#server/features/race-results/demo';
import { seedDemoTips, seedDemoTipsOnTheCards } from '#server/features/tips/demo';

export const DEMO_MEMBER_EMAIL = 'member@vbg.example';

/**
 * Demo content for a newcomer's empty database, made with the same use-case functions the app
 * uses. Runs only when no member account exists.
 */
type DemoStep = (ctx: AppContext) => Promise<void>;

/**
 * Each feature's step (its own demo.ts), in the order they must run: the performance record is
 * made from the published tips, the free race and the race previews from today's race cards.
 * A new feature adds its step here.
 */
const demoSteps: readonly DemoStep[] = [
  seedDemoMembers,
  seedDemoArticles,
  seedDemoTips,
  seedDemoPerformance,
  seedDemoRaceCards,
  seedDemoPrices, // today's and tomorrow's cards' prices through the day
  seedDemoTipsOnTheCards, // today's multiples again, from the cards: their legs have receipts
  seedDemoFreeRace,
  seedDemoRacePreviews,
  seedDemoRaceResults, // past days' results, and the demo member's bets on them
];

export async function seedDemo(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(users).where(eq(users.role, 'member'));
  if (n > 0) return null;
  const password = crypto.randomBytes(9).toString('base64url');
  const { user } = await createUser(ctx, { email: DEMO_MEMBER_EMAIL, password });
  const now = ctx.clock.now();
  await ctx.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionType: 'family',
      subscriptionStartDate: now,
    })
    .where(eq(users.id, user.id));
  for (const step of demoSteps) await step(ctx);
  return { email: DEMO_MEMBER_EMAIL, password };
}
