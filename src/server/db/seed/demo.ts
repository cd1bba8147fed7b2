import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { users } from '../schema';
import type { AppContext } from '../../context';
import { createUser } from '../../features/auth/users';

export const DEMO_MEMBER_EMAIL = 'member@vbg.example';

/**
 * Demo content for a newcomer's empty database, made with the same use-case functions the app
 * uses. Each feature adds its own step to `demoSteps`. Runs only when no member account exists.
 */
export type DemoStep = (ctx: AppContext) => Promise<void>;
export const demoSteps: DemoStep[] = [];

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
