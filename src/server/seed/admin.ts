import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { AppContext } from '#server/context';
import { createUser } from '#server/features/auth/users';

const DEMO_ADMIN_EMAIL = 'admin@vbg.example';

/**
 * Makes sure an admin exists. ADMIN_EMAIL/ADMIN_PASSWORD name one (created if absent, never
 * overwritten); with neither and no admin yet, demo credentials are generated and printed once.
 */
export async function ensureAdmin(ctx: AppContext): Promise<{ email: string; password: string } | null> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (ADMIN_EMAIL) {
    const password = ADMIN_PASSWORD ?? crypto.randomBytes(9).toString('base64url');
    const { user, created } = await createUser(ctx, { email: ADMIN_EMAIL, password, role: 'admin' });
    if (!created && user.role !== 'admin') {
      await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    }
    return created && !ADMIN_PASSWORD ? { email: user.email, password } : null;
  }
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return null;
  const password = crypto.randomBytes(9).toString('base64url');
  await createUser(ctx, { email: DEMO_ADMIN_EMAIL, password, role: 'admin' });
  return { email: DEMO_ADMIN_EMAIL, password };
}
