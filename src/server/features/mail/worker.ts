import os from 'node:os';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { sql } from 'drizzle-orm';
import { codeOf, fieldOf, messageOf } from '#shared/unknown-values';
import type { AppConfig } from '#server/env';
import type { AppContext } from '#server/context';
import { rowsOf } from '#server/db/client';
import { WakeLoop } from '#server/workers/wake-loop';
import { OUTBOX_CHANNEL } from './outbox';
import { OUTBOX_KEEP_DAYS, PRUNE_EVERY_MS, pruneOutbox } from './prune';

/** Attempts before a message is marked failed, and the wait after each failed attempt. */
export const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** A claimed message another worker may take over if its sender died before finishing. */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** Mail older than this when a worker first sees it is dropped, not sent (stale tips, dead reset links). */
const MAX_AGE_MS = 24 * 3600_000;
const EXPIRED_ERROR = 'Not sent within 24 hours of being queued, so it was dropped.';
const BATCH = 10;
const TOKEN_PATTERN = 'token=[A-Za-z0-9_-]+';
const TOKEN_REDACTED = 'token=(removed-after-sending)';
const POLL_MS = 5_000;

export function retryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1];
}

/** nodemailer over SMTP_URL; one pooled connection per worker, with timeouts well inside the lease. */
export function createSmtpTransport(config: AppConfig): Transporter {
  const options: SMTPPool.Options = {
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  };
  return nodemailer.createTransport(options);
}

function mailFrom(config: AppConfig): string {
  return config.MAIL_FROM ?? `"${config.SITE_NAME.replace(/"/g, '')}" <${config.SUPPORT_EMAIL}>`;
}

interface ClaimedRow {
  id: number;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  idempotency_key: string;
  attempts: number;
}

/**
 * Sends the outbox. Any number of workers (in one process or many) may run on one database:
 * a message is claimed by a single UPDATE over `SELECT … FOR UPDATE SKIP LOCKED`, which moves it
 * to `sending` with a lease, so no two workers hold it at once. The SMTP conversation happens
 * outside any transaction (PGlite has one connection; a long transaction would stall requests).
 * A worker that dies mid-send leaves the row `sending` until its lease ends, then another takes it.
 */
export class MailWorker {
  private readonly loop: WakeLoop;
  /** When this worker last pruned old messages (0: not yet, so its first pass does). */
  private prunedAt = 0;
  readonly name: string;

  constructor(
    private readonly ctx: AppContext,
    private readonly transport: Transporter,
    private readonly opts: { batchSize?: number; pollMs?: number; name?: string } = {},
  ) {
    this.name = opts.name ?? `${os.hostname()}:${process.pid}`;
    this.loop = new WakeLoop(ctx, {
      name: 'mail worker',
      channel: OUTBOX_CHANNEL,
      pollMs: opts.pollMs ?? POLL_MS,
      runOnce: () => this.runOnce(),
    });
  }

  /** Starts the loop: now, on every NOTIFY of new mail, and every few seconds for retries. */
  /** Starts the loop: now, on every NOTIFY of new mail, and every few seconds for retries. */
  async start() {
    await this.loop.start();
  }

  /** Finishes the message in hand, hands the rest of its batch back to the queue, and stops. */
  async stop() {
    await this.loop.stop();
    this.transport.close();
  }

  kick() {
    this.loop.kick();
  }

  /** Claims one batch of due messages and sends it. Returns how many were claimed. */
  async runOnce(): Promise<number> {
    const now = this.ctx.clock.now();
    await this.dropExpired(now);
    await this.pruneWhenDue(now);
    const claimed = await this.claim(now, this.opts.batchSize ?? BATCH);
    for (let i = 0; i < claimed.length; i++) {
      if (this.loop.stopping) {
        await this.release(claimed.slice(i).map((r) => r.id));
        break;
      }
      await this.deliver(claimed[i]);
    }
    return claimed.length;
  }

  private async dropExpired(now: Date) {
    const cutoff = new Date(now.getTime() - MAX_AGE_MS);
    await this.ctx.db.execute(sql`
      update outbox set status = 'failed', last_error = ${EXPIRED_ERROR}
      where status = 'queued' and created_at < ${cutoff}`);
  }

  private async pruneWhenDue(now: Date) {
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now.getTime();
    const deleted = await pruneOutbox(this.ctx, now);
    if (deleted)
      this.ctx.log.info(
        { deleted },
        `mail worker: deleted ${deleted} finished messages older than ${OUTBOX_KEEP_DAYS} days`,
      );
  }

  private async claim(now: Date, limit: number): Promise<ClaimedRow[]> {
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    const result = await this.ctx.db.execute(sql`
      with due as (
        select id from outbox
        where status in ('queued', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update outbox o
      set status = 'sending', attempts = o.attempts + 1, next_attempt_at = ${lease}
      from due where o.id = due.id
      returning o.id, o.recipient, o.subject, o.html, o.text, o.headers, o.idempotency_key, o.attempts`);
    return rowsOf<ClaimedRow>(result).sort((a, b) => a.id - b.id);
  }

  private async deliver(row: ClaimedRow) {
    if (row.attempts > MAX_ATTEMPTS) {
      // Its senders kept dying mid-send (lease ran out each time): stop trying.
      await this.finish(row.id, 'failed', `Gave up after ${MAX_ATTEMPTS} attempts.`);
      return;
    }
    try {
      await this.transport.sendMail({
        from: mailFrom(this.ctx.config),
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers ?? undefined,
        // Stable per message: if a crash makes us send it again, clients can tell it is the same.
        messageId: `<${row.idempotency_key.replace(/[^A-Za-z0-9.-]/g, '.')}.${row.id}@${messageIdDomain(this.ctx.config)}>`,
      });
      await this.finish(row.id, 'sent', null);
    } catch (err) {
      // nodemailer's errors carry the SMTP reply's code as a number in `responseCode`.
      const reply = fieldOf(err, 'responseCode');
      const responseCode = typeof reply === 'number' ? reply : undefined;
      const message = `${responseCode ? `${responseCode} ` : ''}${messageOf(err)}`.slice(0, 500);
      const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
      this.ctx.log.warn(
        { outboxId: row.id, attempts: row.attempts, code: codeOf(err), responseCode },
        'mail delivery failed',
      );
      if (permanent || row.attempts >= MAX_ATTEMPTS) await this.finish(row.id, 'failed', message);
      else await this.retryLater(row.id, row.attempts, message);
    }
  }

  /**
   * Records the outcome. A password-reset e-mail loses its link once it is out of our hands, so
   * the outbox never keeps a usable reset token (only its hash is kept, in password_reset_tokens).
   */
  private async finish(id: number, status: 'sent' | 'failed', error: string | null) {
    const now = this.ctx.clock.now();
    await this.ctx.db.execute(sql`
      update outbox set status = ${status}, last_error = ${error}, sent_at = ${status === 'sent' ? now : null},
        html = case when kind = 'password-reset' then regexp_replace(html, ${TOKEN_PATTERN}, ${TOKEN_REDACTED}, 'g') else html end,
        text = case when kind = 'password-reset' then regexp_replace(text, ${TOKEN_PATTERN}, ${TOKEN_REDACTED}, 'g') else text end
      where id = ${id} and status = 'sending'`);
  }

  private async retryLater(id: number, attempts: number, error: string) {
    const next = new Date(this.ctx.clock.now().getTime() + retryDelay(attempts));
    await this.ctx.db.execute(sql`
      update outbox set status = 'queued', last_error = ${error}, next_attempt_at = ${next}
      where id = ${id} and status = 'sending'`);
  }

  /** Gives claimed but unsent messages back at once (this attempt did not happen). */
  private async release(ids: number[]) {
    if (!ids.length) return;
    const now = this.ctx.clock.now();
    await this.ctx.db.execute(sql`
      update outbox set status = 'queued', attempts = attempts - 1, next_attempt_at = ${now}
      where status = 'sending' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
}

function messageIdDomain(config: AppConfig): string {
  try {
    return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'vbg.localhost';
  } catch {
    return 'vbg.localhost';
  }
}
