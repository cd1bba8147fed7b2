import { eq } from 'drizzle-orm';
import { TERMS_VERSION } from '#shared/consent';
import { users } from '#server/db/schema';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { hashPassword } from './passwords';

export async function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string, db: DbOrTx = ctx.db) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

export async function findUserById(ctx: Pick<AppContext, 'db'>, id: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/**
 * Creates an account (or returns the existing one for that e-mail untouched). `consentAt`: the
 * person confirmed they are 18 or over and accepted the current terms then.
 */
export async function createUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { email: string; password?: string; role?: 'admin' | 'member'; consentAt?: Date },
  db: DbOrTx = ctx.db,
) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = ctx.clock.now();
  const consent = input.consentAt
    ? { ageConfirmedAt: input.consentAt, termsAcceptedAt: input.consentAt, termsVersion: TERMS_VERSION }
    : {};
  const [created] = await db
    .insert(users)
    .values({ email, passwordHash, role: input.role ?? 'member', ...consent, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return { user: created ?? (await findUserByEmail(ctx, email, db)), created: Boolean(created) };
}

export async function setPassword(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  password: string,
  db: DbOrTx = ctx.db,
) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
}
