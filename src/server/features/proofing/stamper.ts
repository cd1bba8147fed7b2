import fs from 'node:fs';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { londonInstant } from '#shared/london-time';
import { chainHeads, chainStart, chainStepText } from '#shared/proofing/receipt';
import { messageOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { rowsOf } from '#server/db/client';
import { proofReceipts, proofStamps } from '#server/db/schema';
import { WakeLoop } from '#server/workers/wake-loop';
import { pemCertificates, stampRoot, TSA_TIMEOUT_MS } from './tsa-client';

/** NOTIFY channel: "a day's head is waiting for its time-stamp", sent after publishing. */
const STAMPER_CHANNEL = 'vbg_proof_stamp';
/** How often the loop looks for due stamps (retries) and sent lodgement e-mails. */
const POLL_MS = 15_000;
/** A claimed stamp another instance may take over if its stamper died before finishing. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** The wait after each failed attempt: 15 s, 30 s, 1 min, 2 min, then every 5 min. */
const RETRY_DELAYS_MS = [15_000, 30_000, 60_000, 120_000, 300_000];
export const NO_TSA_MESSAGE = 'no time-stamp authority configured';

export function stampRetryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1];
}

/** Wakes every instance's stamper (after the publishing commit, so the pending row is visible). */
export async function wakeStamper(ctx: Pick<AppContext, 'database' | 'log'>) {
  try {
    await ctx.database.notify(STAMPER_CHANNEL, 'pending');
  } catch (err) {
    // The stamper also polls: a lost wake-up only delays the stamp by a few seconds.
    ctx.log.warn({ err }, 'could not wake the proofing stamper');
  }
}

interface ClaimedStamp {
  id: number;
  race_date: string;
  receipts: number;
  root: string;
  attempts: number;
}

/**
 * Gets each day's newest chain head time-stamped by the configured authority (PROOFING_TSA_URL),
 * verifies the token against PROOFING_TSA_CA, and marks the receipts it proofs: those covered whose
 * race was still to be off at the token's genTime. A stamp is claimed by one UPDATE over
 * `FOR UPDATE SKIP LOCKED` that moves its next attempt past a lease, so one instance stamps it at
 * a time; the HTTP call happens outside any transaction. A failure is retried with backoff until
 * the last race it covers is off, and then marked failed. Each pass also copies the sending time
 * of the lodgement e-mails into their stamps before the outbox's pruning deletes them.
 */
export class Stamper {
  private readonly loop: WakeLoop;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: { pollMs?: number; timeoutMs?: number } = {},
  ) {
    this.loop = new WakeLoop(ctx, {
      name: 'proofing stamper',
      channel: STAMPER_CHANNEL,
      pollMs: opts.pollMs ?? POLL_MS,
      runOnce: () => this.runOnce(),
    });
  }

  async start() {
    if (!this.ctx.config.PROOFING_TSA_URL)
      this.ctx.log.warn('PROOFING_TSA_URL is not set: receipts are kept but not time-stamped, so nothing is proofed.');
    await this.loop.start();
  }

  /** Lets the attempt in hand finish, then stops. */
  async stop() {
    await this.loop.stop();
  }

  /** Runs a pass now (or right after the one under way). */
  kick() {
    this.loop.kick();
  }

  /** One pass: copies lodgement times, then attempts every due stamp. Returns how many were attempted. */
  async runOnce(): Promise<number> {
    await copyLodgements(this.ctx);
    const url = this.ctx.config.PROOFING_TSA_URL;
    if (!url) return 0;
    const claimed = await this.claim();
    for (const stamp of claimed) {
      if (this.loop.stopping) break;
      await this.attempt(url, stamp);
    }
    return claimed.length;
  }

  private async claim(): Promise<ClaimedStamp[]> {
    const now = this.ctx.clock.now();
    // A newer head of the same day covers every receipt an older pending one does.
    await this.ctx.db.execute(sql`
      update proof_stamps p set status = 'superseded'
      where p.status = 'pending'
        and exists (select 1 from proof_stamps q where q.race_date = p.race_date and q.receipts > p.receipts)`);
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    const result = await this.ctx.db.execute(sql`
      with due as (
        select id from proof_stamps
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit 10
        for update skip locked
      )
      update proof_stamps p set next_attempt_at = ${lease}
      from due where p.id = due.id
      returning p.id, p.race_date, p.receipts, p.root, p.attempts`);
    return rowsOf<ClaimedStamp>(result).map((r) => ({ ...r, race_date: String(r.race_date).slice(0, 10) }));
  }

  private async attempt(url: string, stamp: ClaimedStamp) {
    const { ctx } = this;
    const day = stamp.race_date;
    const covered = await ctx.db
      .select({ id: proofReceipts.id, hash: proofReceipts.hash, raceTime: proofReceipts.raceTime })
      .from(proofReceipts)
      .where(and(eq(proofReceipts.raceDate, day), lte(proofReceipts.seq, stamp.receipts)))
      .orderBy(asc(proofReceipts.seq));
    const offs = covered.map((r) => londonInstant(day, r.raceTime).getTime());
    const attempts = stamp.attempts + 1;
    try {
      const hashes = covered.map((r) => r.hash);
      const heads = chainHeads(day, hashes);
      if (covered.length !== stamp.receipts || heads.at(-1) !== stamp.root)
        throw new Error(`the root is not the chain head of the day's first ${stamp.receipts} receipts`);
      const preimage = chainStepText(heads.at(-2) ?? chainStart(day), hashes.at(-1)!);
      const caPath = ctx.config.PROOFING_TSA_CA;
      if (!caPath) throw new Error('PROOFING_TSA_CA is not set');
      let caPem: string;
      try {
        caPem = fs.readFileSync(caPath, 'utf8');
      } catch {
        throw new Error(`the CA file ${caPath} could not be read`);
      }
      const stamped = await stampRoot(
        url,
        { root: stamp.root, preimage },
        pemCertificates(caPem),
        this.opts.timeoutMs ?? TSA_TIMEOUT_MS,
      );
      const genTime = stamped.genTime;
      const proofed = covered.filter((_, i) => offs[i] > genTime.getTime()).map((r) => r.id);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(proofStamps)
          .set({ status: 'stamped', token: stamped.token, genTime, tsaUrl: url, attempts, lastError: null })
          .where(eq(proofStamps.id, stamp.id));
        if (proofed.length)
          await tx
            .update(proofReceipts)
            .set({ proofedAt: genTime })
            .where(and(inArray(proofReceipts.id, proofed), isNull(proofReceipts.proofedAt)));
      });
      await ctx.cache.invalidate('pages'); // the record page shows each day's stamp
      ctx.log.info(
        { day, receipts: stamp.receipts, genTime, proofed: proofed.length },
        `proofing: ${day}'s head after ${stamp.receipts} receipts stamped by ${stamped.tsa}`,
      );
    } catch (err) {
      const message = messageOf(err);
      const now = ctx.clock.now();
      const lastOff = Math.max(...offs, 0);
      const over = now.getTime() >= lastOff;
      await ctx.db
        .update(proofStamps)
        .set({
          attempts,
          lastError: message,
          tsaUrl: url,
          ...(over ? { status: 'failed' } : { nextAttemptAt: new Date(now.getTime() + stampRetryDelay(attempts)) }),
        })
        .where(eq(proofStamps.id, stamp.id));
      if (over) await ctx.cache.invalidate('pages');
      ctx.log.warn(
        { day, receipts: stamp.receipts, attempts },
        `proofing: time-stamp attempt ${attempts} for ${day} failed: ${message}${over ? " (the day's races are off: given up)" : ''}`,
      );
    }
  }
}

/** Copies each lodgement e-mail's sending time from the outbox into its stamp (pruning deletes outbox rows). */
async function copyLodgements(ctx: Pick<AppContext, 'db' | 'cache'>) {
  const copied = await ctx.db.execute(sql`
    update proof_stamps s set lodged_at = o.sent_at
    from outbox o
    where s.lodged_at is null and s.outbox_key is not null
      and o.idempotency_key = s.outbox_key and o.sent_at is not null
    returning s.id`);
  if (rowsOf(copied).length > 0) await ctx.cache.invalidate('pages');
}
