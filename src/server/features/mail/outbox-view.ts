import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  MailingSummary,
  OutboxCounts,
  OutboxMessage,
  OutboxMessageDetail,
  OutboxOverview,
  OutboxStatus,
} from '#shared/mail';
import { hasKey } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { mailings, outbox } from '#server/db/schema';
import { badRequest, notFound } from '#server/http/errors';
import { wakeMailWorkers } from './outbox';

const OUTBOX_LIST_LIMIT = 50;
const MAILINGS_LIST_LIMIT = 10;

const emptyCounts = (): OutboxCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0 });

function addCount(counts: OutboxCounts, status: string, n: number) {
  if (hasKey(counts, status)) counts[status] += n;
}

/** A message's status, one of the outbox's four (the counts' keys); any other is refused by name. */
function statusOf(row: { id: number; status: string }): OutboxStatus {
  const { status } = row;
  if (!hasKey(emptyCounts(), status)) throw new Error(`Outbox message ${row.id} has an unknown status '${status}'`);
  return status;
}

const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

interface ListRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

function present(row: ListRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: statusOf(row),
    attempts: row.attempts,
    lastError: row.lastError && maskSecretLinks(row.lastError),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The admin's view: totals, the last mailings with their counts moving, the newest messages. */
export async function outboxOverview(ctx: AppContext): Promise<OutboxOverview> {
  const totals = await ctx.db
    .select({ status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
  const counts = emptyCounts();
  for (const t of totals) addCount(counts, t.status, Number(t.n));

  const recent = await ctx.db.select().from(mailings).orderBy(desc(mailings.id)).limit(MAILINGS_LIST_LIMIT);
  const perMailing = recent.length
    ? await ctx.db
        .select({ mailingId: outbox.mailingId, status: outbox.status, n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(
          inArray(
            outbox.mailingId,
            recent.map((m) => m.id),
          ),
        )
        .groupBy(outbox.mailingId, outbox.status)
    : [];
  const mailingSummaries: MailingSummary[] = recent.map((m) => {
    const c = emptyCounts();
    for (const row of perMailing) if (row.mailingId === m.id) addCount(c, row.status, Number(row.n));
    return { id: m.id, kind: m.kind, recipientCount: m.recipientCount, createdAt: m.createdAt.toISOString(), ...c };
  });

  const messages = await ctx.db.select(listColumns).from(outbox).orderBy(desc(outbox.id)).limit(OUTBOX_LIST_LIMIT);
  return {
    smtpConfigured: Boolean(ctx.config.SMTP_URL),
    counts,
    mailings: mailingSummaries,
    messages: messages.map(present),
  };
}

/**
 * Links that carry a secret (a password-reset or set-password token, a checkout session, an
 * unsubscribe token) lose its value in the admin's copy: whoever reads the outbox must not be able
 * to use a member's link (sign in as them, reset their password). The member's e-mail, sent from
 * the stored row, keeps the real link. A new kind of secret link must carry its secret in one of
 * these parameters.
 */
const SECRET_PARAM = /([?&](?:amp;)?(?:token|session_id)=)[A-Za-z0-9_.~%-]+/gi;
const HIDDEN_IN_OUTBOX = '(hidden-in-outbox)';
const maskSecretLinks = (content: string) => content.replace(SECRET_PARAM, `$1${HIDDEN_IN_OUTBOX}`);

export const MESSAGE_NOT_FOUND = 'Message not found';

export async function outboxMessage(ctx: AppContext, id: number): Promise<OutboxMessageDetail> {
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return { ...present(row), html: maskSecretLinks(row.html), text: maskSecretLinks(row.text) };
}

const RESET_NOT_RESENT =
  'A password-reset e-mail is not sent again (its link is removed once it fails). Ask the member to request a new link.';

/** A failed message back into the queue for a fresh set of attempts. */
export async function retryOutboxMessage(ctx: AppContext, id: number): Promise<OutboxMessage> {
  const now = ctx.clock.now();
  const [existing] = await ctx.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.id, id));
  if (!existing) throw notFound(MESSAGE_NOT_FOUND);
  if (existing.kind === 'password-reset') throw badRequest(RESET_NOT_RESENT);
  const [row] = await ctx.db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, createdAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning(listColumns);
  if (!row) throw badRequest('Only a failed message can be sent again.');
  await wakeMailWorkers(ctx);
  return present(row);
}
