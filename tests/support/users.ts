import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { createUser } from '#server/features/auth/users';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct-horse-1';

type Kind = 'admin' | 'member' | 'nonMember';

/**
 * Creates an account of a kind through the app's own use case; a member has a monthly premium
 * subscription running for 30 days from the test clock's now.
 */
export async function createAccount(t: TestApp, kind: Kind, email = `${kind.toLowerCase()}@example.com`) {
  const { user } = await createUser(t.ctx, { email, password: PASSWORD, role: kind === 'admin' ? 'admin' : 'member' });
  if (kind === 'member') {
    await t.ctx.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'premium',
        subscriptionStartDate: t.clock.now(),
        subscriptionEndDate: new Date(t.clock.now().getTime() + 30 * 86400_000),
      })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** Creates an account of a kind and signs an API client in as it. */
export async function signedIn(t: TestApp, kind: Kind, email = `${kind.toLowerCase()}@example.com`) {
  const user = await createAccount(t, kind, email);
  const client = t.client();
  const res = await client.post('/api/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${res.text}`);
  return { client, user };
}
