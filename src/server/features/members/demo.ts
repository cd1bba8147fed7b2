import { addDays, londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { createUser } from '../auth/users';
import { grantMembership } from './members';

/** Demo accounts that show the other subscription types in the admin Members list. */
export async function seedDemoMembers(ctx: AppContext) {
  const { user: annual } = await createUser(ctx, { email: 'annual@vbg.example' });
  await grantMembership(ctx, annual.id, { type: 'annual_special', endDate: addDays(londonDate(ctx.clock.now()), 180) });
  const { user: family } = await createUser(ctx, { email: 'family@vbg.example' });
  await grantMembership(ctx, family.id, { type: 'family' });
}
