import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { createUser } from '#server/features/auth/users';
import { hashPassword } from '#server/features/auth/passwords';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct-horse-1';

/** One real argon2id hash of PASSWORD per test process: accounts made for a test share it. */
let passwordHash: Promise<string> | undefined;

type Kind = 'admin' | 'member' | 'nonMember';

/**
 * Creates an account of a kind, with the password PASSWORD, through the app's own use case; a
 * member has a monthly premium subscription running for 30 days from the test clock's now. (The
 * password's hash is made once per process, not per account: hashing is what the app's use case
 * does, and auth.test.ts covers it.)
 */
export async function createAccount(t: TestApp, kind: Kind, email = `${kind.toLowerCase()}@example.com`) {
  const { user } = await createUser(t.ctx, { email, role: kind === 'admin' ? 'admin' : 'member' });
  passwordHash ??= hashPassword(PASSWORD);
  const member = {
    subscriptionStatus: 'active',
    subscriptionType: 'premium',
    subscriptionStartDate: t.clock.now(),
    subscriptionEndDate: new Date(t.clock.now().getTime() + 30 * 86400_000),
  } as const;
  const [updated] = await t.ctx.db
    .update(users)
    .set({ passwordHash: await passwordHash, ...(kind === 'member' ? member : {}) })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}

/** Creates an account of a kind and signs an API client in as it. */
export async function signedIn(t: TestApp, kind: Kind, email = `${kind.toLowerCase()}@example.com`) {
  const user = await createAccount(t, kind, email);
  const client = t.client();
  const res = await client.post('/api/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${res.text}`);
  return { client, user };
}
