import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { REGISTER_REFUSED_MESSAGE } from '#shared/form-errors';
import type { registerBody } from '#shared/schemas/auth';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { limitRequest } from './rate-limit';
import { createUser } from './users';

/**
 * A free account (DESIGN decision 4), from the JSON API or the register page's form: limited per
 * client and per address (a taken address answers 409, so it cannot be probed at speed), and
 * never taking over an account made at checkout that has no password yet. Returns the new row.
 */
export async function registerAccount(ctx: AppContext, body: z.output<typeof registerBody>, ip: string) {
  await limitRequest(ctx, 'register', ip, body.email);
  // The schema required both boxes ticked: 18 or over, and the terms accepted, now.
  const { user, created } = await createUser(ctx, {
    email: body.email,
    password: body.password,
    consentAt: ctx.clock.now(),
  });
  if (!created) throw new HttpError(409, REGISTER_REFUSED_MESSAGE);
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return fresh;
}
