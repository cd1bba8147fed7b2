import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { eachWayChange, eachWayChangeText, type EachWayChange } from '#shared/my-bets';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { memberBets, noticesSent, users } from '#server/db/schema';
import { betResults } from './bets';

/**
 * Decision 0034 changed what an each-way bet's stored stake means (the whole outlay before, the
 * stake on each part since), which changed the record of every member with each-way bets logged
 * before it. Each is told once, with their figures before and after: a notice on My Bets until they
 * dismiss it, and a paragraph in the next e-mail they get. `notices_sent` holds it all, under this
 * kind: the migration that shipped the notice wrote a `due` row for each member who then had an
 * each-way bet (its time: the bets logged up to then are the ones read the old way); `dismissed`
 * and `emailed` are written once each.
 */
const EACH_WAY_NOTICE_KIND = 'each_way_per_part';
const DUE = 'due';
const DISMISSED = 'dismissed';
const EMAILED = 'emailed';

/** The member's change: their bets logged up to `until`, read both ways; null with no each-way bet among them. */
async function changeFor(db: DbOrTx, userId: number, until: Date): Promise<EachWayChange | null> {
  const rows = await db
    .select()
    .from(memberBets)
    .where(and(eq(memberBets.userId, userId), lte(memberBets.createdAt, until)))
    .orderBy(asc(memberBets.id));
  if (!rows.some((r) => r.eachWay)) return null;
  const results = await betResults(db, rows);
  return eachWayChange(rows.map((bet, i) => ({ bet, result: results[i] })));
}

async function occasions(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(noticesSent)
    .where(and(eq(noticesSent.userId, userId), eq(noticesSent.kind, EACH_WAY_NOTICE_KIND)));
  return new Map(rows.map((r) => [r.occasion, r.sentAt]));
}

/** GET /api/my-bets/each-way-notice: the member's notice while it is due and not dismissed, else null. */
export async function eachWayNotice(ctx: AppContext, userId: number): Promise<EachWayChange | null> {
  const seen = await occasions(ctx.db, userId);
  const due = seen.get(DUE);
  if (!due || seen.has(DISMISSED)) return null;
  return changeFor(ctx.db, userId, due);
}

/** POST /api/my-bets/each-way-notice/dismiss: never shown again (dismissing twice, or with none due, changes nothing). */
export async function dismissEachWayNotice(ctx: AppContext, userId: number): Promise<void> {
  const seen = await occasions(ctx.db, userId);
  if (!seen.has(DUE)) return;
  await ctx.db
    .insert(noticesSent)
    .values({ userId, kind: EACH_WAY_NOTICE_KIND, occasion: DISMISSED, sentAt: ctx.clock.now() })
    .onConflictDoNothing();
}

/** The notice as e-mail paragraphs. */
interface EachWayMailNote {
  userId: number;
  title: string;
  lines: string[];
}

/**
 * For the mail outbox: of these recipients, those still due the notice in an e-mail, each with its
 * text, claimed as e-mailed in `db` (the caller's transaction). `release` gives back a claim whose
 * e-mail was not queued after all (a repeated message).
 */
export async function claimEachWayMailNotes(
  ctx: Pick<AppContext, 'clock'>,
  db: DbOrTx,
  recipients: string[],
): Promise<Map<string, EachWayMailNote>> {
  const notes = new Map<string, EachWayMailNote>();
  if (!recipients.length) return notes;
  const due = await db
    .select({ userId: users.id, email: users.email, since: noticesSent.sentAt })
    .from(noticesSent)
    .innerJoin(users, eq(users.id, noticesSent.userId))
    .where(
      and(
        eq(noticesSent.kind, EACH_WAY_NOTICE_KIND),
        eq(noticesSent.occasion, DUE),
        inArray(users.email, [...new Set(recipients)]),
      ),
    );
  for (const { userId, email, since } of due) {
    const change = await changeFor(db, userId, since);
    if (!change) continue;
    const claimed = await db
      .insert(noticesSent)
      .values({ userId, kind: EACH_WAY_NOTICE_KIND, occasion: EMAILED, sentAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ userId: noticesSent.userId });
    if (claimed.length) notes.set(email, { userId, ...eachWayChangeText(change) });
  }
  return notes;
}

export async function releaseEachWayMailNote(db: DbOrTx, userId: number): Promise<void> {
  await db
    .delete(noticesSent)
    .where(
      and(
        eq(noticesSent.userId, userId),
        eq(noticesSent.kind, EACH_WAY_NOTICE_KIND),
        eq(noticesSent.occasion, EMAILED),
      ),
    );
}
