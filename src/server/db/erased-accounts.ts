import { sql } from 'drizzle-orm';
import { users } from './schema';

/** SQL: the users row is an erased account's anonymous remainder (see src/shared/erased-account.ts). */
export const isErasedAccount = sql`${users.email} ~ '^deleted-[0-9]+@invalid$'`;
