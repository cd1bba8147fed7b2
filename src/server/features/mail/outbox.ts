import type { MailKind } from '#shared/mail';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import { claimEachWayMailNotes, releaseEachWayMailNote } from '../my-bets/each-way-notice';
import { renderEmail, type Block, type EmailContent } from './templates';

/** NOTIFY channel that wakes the mail workers of every instance when mail is queued. */
export const OUTBOX_CHANNEL = 'mail_outbox';
const INSERT_CHUNK = 500;

export interface NewMessage {
  kind: MailKind;
  recipient: string;
  /** One message per key, ever: a repeated request (or retry of one) never queues a second copy. */
  idempotencyKey: string;
  mailingId?: number;
  content: EmailContent;
  headers?: Record<string, string>;
}

/**
 * Writes messages to the outbox (in the caller's transaction when given one). Nothing is sent
 * here: the request answers at once and the workers deliver. Returns how many rows were new.
 * A member still owed the each-way notice (decision 0034's addendum) gets it once, at the end of
 * the first message queued for them.
 */
export async function enqueue(
  ctx: Pick<AppContext, 'config' | 'clock' | 'db'>,
  messages: NewMessage[],
  db: DbOrTx = ctx.db,
): Promise<number> {
  const now = ctx.clock.now();
  let inserted = 0;
  for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
    const chunk = messages.slice(i, i + INSERT_CHUNK);
    const notes = await claimEachWayMailNotes(
      ctx,
      db,
      chunk.map((m) => m.recipient),
    );
    const noted = new Map<string, number>();
    const rows = chunk.map((m) => {
      const note = notes.get(m.recipient);
      let content = m.content;
      if (note && !noted.has(m.recipient)) {
        noted.set(m.recipient, note.userId);
        const blocks: Block[] = [
          { kind: 'heading', text: note.title },
          ...note.lines.map((text): Block => ({ kind: 'p', text })),
        ];
        content = { ...content, blocks: [...content.blocks, ...blocks] };
      }
      const rendered = renderEmail(ctx.config, content);
      return {
        mailingId: m.mailingId ?? null,
        kind: m.kind,
        recipient: m.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: m.headers ?? null,
        idempotencyKey: m.idempotencyKey,
        status: 'queued',
        nextAttemptAt: now,
        createdAt: now,
      };
    });
    const result = await db
      .insert(outbox)
      .values(rows)
      .onConflictDoNothing({ target: outbox.idempotencyKey })
      .returning({ id: outbox.id, recipient: outbox.recipient });
    inserted += result.length;
    // A repeated message queued nothing: its recipient is still owed the notice.
    const queued = new Set(result.map((r) => r.recipient));
    for (const [recipient, userId] of noted) if (!queued.has(recipient)) await releaseEachWayMailNote(db, userId);
  }
  return inserted;
}

/** Tells every instance's worker there is mail (after the commit, so the rows are visible). */
export async function wakeMailWorkers(ctx: Pick<AppContext, 'database' | 'log'>) {
  try {
    await ctx.database.notify(OUTBOX_CHANNEL, 'queued');
  } catch (err) {
    // Workers also poll: a lost wake-up only delays the mail.
    ctx.log.warn({ err }, 'could not notify the mail workers');
  }
}

/** Queues one transactional message (welcome, reset, cancellation) and wakes the workers. */
export async function queueMessage(ctx: AppContext, message: NewMessage, db: DbOrTx = ctx.db) {
  const inserted = await enqueue(ctx, [message], db);
  if (db === ctx.db) await wakeMailWorkers(ctx);
  return inserted;
}
