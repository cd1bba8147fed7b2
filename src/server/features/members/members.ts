import { and, desc, eq, ilike, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { addDays, endOfLondonDay, londonDate } from '#shared/london-time';
import type { DuplicatePaymentRow, GrantBody, MemberRow, MembersQuery, MembersResponse } from '#shared/schemas/billing';
import {
  ANNUAL_TYPE,
  hasActiveSubscription,
  isPaidPlanType,
  memberStatus,
  paymentFailureOf,
} from '#shared/subscription';
import type { AppContext } from '#server/context';
import { checkoutSessions, subscriptionEvents, users } from '#server/db/schema';
import { badRequest, conflict, notFound } from '#server/http/errors';
import { routeId } from '#server/http/route-id';
import type { UserRow } from '#server/db/schema';
import { isWarmUpMember } from '#server/warm-up';
import { isErasedAccount } from '#server/db/erased-accounts';
import { findUserById } from '../auth/users';

const MEMBERS_LIST_LIMIT = 500;
const ONLY_GRANTS_MESSAGE =
  'Only Lifetime Family Access and Annual (Special) subscriptions can be granted or revoked here; monthly subscriptions are managed through Stripe.';

function presentMember(ctx: AppContext, user: UserRow, duplicatePayments: DuplicatePaymentRow[] = []): MemberRow {
  const now = ctx.clock.now();
  const graceDays = ctx.config.PAYMENT_GRACE_DAYS;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    status: memberStatus(user, now, graceDays),
    type: user.subscriptionType,
    hasAccess: hasActiveSubscription(user, now, graceDays),
    startDate: user.subscriptionStartDate?.toISOString() ?? null,
    endDate: user.subscriptionType === 'family' ? null : (user.subscriptionEndDate?.toISOString() ?? null),
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    hasPassword: Boolean(user.passwordHash),
    createdAt: user.createdAt.toISOString(),
    duplicatePayments,
    ...paymentFailureOf(user, graceDays),
  };
}

/** What the recorded refunds of duplicate payments came to, by checkout. */
async function refundedByCheckout(ctx: AppContext, checkoutIds: string[]): Promise<Map<string, number>> {
  const byCheckout = new Map<string, number>();
  if (!checkoutIds.length) return byCheckout;
  const checkoutId = sql<string>`${subscriptionEvents.detail}->>'checkoutId'`;
  const rows = await ctx.db
    .select({ checkoutId, refunded: sql<number>`coalesce(sum(${subscriptionEvents.amountPence}), 0)::int` })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.type, 'refunded'), inArray(checkoutId, checkoutIds)))
    .groupBy(checkoutId);
  for (const r of rows) byCheckout.set(r.checkoutId, Number(r.refunded));
  return byCheckout;
}

/**
 * Duplicate payments still due a refund, of these accounts, by e-mail, oldest first. A payment
 * refunded in full is no longer due; a partly refunded one stays, with what was refunded.
 */
async function duplicatePaymentsOf(ctx: AppContext, emails: string[]): Promise<Map<string, DuplicatePaymentRow[]>> {
  const byEmail = new Map<string, DuplicatePaymentRow[]>();
  if (!emails.length) return byEmail;
  const rows = await ctx.db
    .select({
      id: checkoutSessions.id,
      email: checkoutSessions.email,
      amountPence: checkoutSessions.amountPence,
      completedAt: checkoutSessions.completedAt,
    })
    .from(checkoutSessions)
    .where(and(isNotNull(checkoutSessions.duplicateOfSubscriptionId), inArray(checkoutSessions.email, emails)))
    .orderBy(checkoutSessions.completedAt);
  const refunded = await refundedByCheckout(
    ctx,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const refundedPence = refunded.get(r.id) ?? 0;
    if (refundedPence > 0 && refundedPence >= (r.amountPence ?? 0)) continue;
    const list = byEmail.get(r.email) ?? [];
    list.push({
      checkoutId: r.id,
      amountPence: r.amountPence,
      paidAt: r.completedAt?.toISOString() ?? null,
      refundedPence,
    });
    byEmail.set(r.email, list);
  }
  return byEmail;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin member list: search by e-mail, filter by type (SQL) and by shown status. The
 * throwaway member of a start-up warm-up and the anonymous remainder of an erased account are
 * nobody's account and are never listed.
 */
export async function listMembers(ctx: AppContext, query: MembersQuery): Promise<MembersResponse> {
  const where: SQL[] = [not(isWarmUpMember), not(isErasedAccount)];
  if (query.search) where.push(ilike(users.email, likePattern(query.search.toLowerCase())));
  if (query.type === 'none') where.push(isNull(users.subscriptionType));
  else if (query.type && query.type !== 'all') where.push(eq(users.subscriptionType, query.type));
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id));
  const members = rows
    .map((u) => presentMember(ctx, u))
    .filter((m) => !query.status || query.status === 'all' || m.status === query.status);
  const shown = members.slice(0, MEMBERS_LIST_LIMIT);
  const duplicates = await duplicatePaymentsOf(
    ctx,
    shown.map((m) => m.email),
  );
  for (const m of shown) m.duplicatePayments = duplicates.get(m.email) ?? [];
  return { members: shown, total: members.length, truncated: members.length > MEMBERS_LIST_LIMIT };
}

const MEMBER_NOT_FOUND = 'Member not found';

/** A member's id in an address (…/members/:id/…): 400 when malformed, 404 when no row can have it. */
export const memberRouteId = (raw: string) =>
  routeId(raw, { invalid: 'Invalid member id', notFound: MEMBER_NOT_FOUND });

export async function memberOrThrow(ctx: AppContext, id: number) {
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(ctx, id) : null;
  if (!user) throw notFound(MEMBER_NOT_FOUND);
  return user;
}

/**
 * Grants lifetime family access, or an annual special running through endDate (a London day;
 * a year from today when not given). A live paid subscription (monthly or annual) is refused so nobody pays for
 * access they were also given.
 */
export async function grantMembership(ctx: AppContext, id: number, body: GrantBody): Promise<MemberRow> {
  const user = await memberOrThrow(ctx, id);
  const now = ctx.clock.now();
  if (
    isPaidPlanType(user.subscriptionType) &&
    hasActiveSubscription(user, now, ctx.config.PAYMENT_GRACE_DAYS) &&
    !user.cancelAtPeriodEnd
  ) {
    throw conflict(
      `This member has a ${user.subscriptionType === ANNUAL_TYPE ? 'yearly' : 'monthly'} subscription that is still renewing. Cancel it first, then grant access.`,
    );
  }
  let endDate: Date | null = null;
  if (body.type === 'annual_special') {
    const today = londonDate(now);
    const day = body.endDate ?? addDays(today, 365);
    if (day < today) throw badRequest('endDate must be today or later');
    endDate = endOfLondonDay(day);
  }
  const [updated] = await ctx.db
    .update(users)
    .set({
      subscriptionStatus: 'active',
      subscriptionType: body.type,
      subscriptionStartDate: now,
      subscriptionEndDate: endDate,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return presentMember(ctx, updated);
}

/** Ends a granted family or annual special access now. */
export async function revokeMembership(ctx: AppContext, id: number): Promise<MemberRow> {
  const user = await memberOrThrow(ctx, id);
  if (user.subscriptionType !== 'family' && user.subscriptionType !== 'annual_special')
    throw badRequest(ONLY_GRANTS_MESSAGE);
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(users)
    .set({ subscriptionStatus: 'canceled', subscriptionEndDate: now, cancelAtPeriodEnd: false, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return presentMember(ctx, updated);
}
