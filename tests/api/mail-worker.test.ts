import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itOnPostgres } from '../support/databases';
import type { AppContext } from '#server/context';
import type { Database } from '#server/db/client';
import { outbox } from '#server/db/schema';
import { enqueue } from '#server/features/mail/outbox';
import {
  CLAIM_LEASE_MS,
  MAX_ATTEMPTS,
  MailWorker,
  createSmtpTransport,
  retryDelay,
} from '#server/features/mail/worker';
import { OUTBOX_KEEP_DAYS, PRUNE_EVERY_MS, pruneOutbox } from '#server/features/mail/prune';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { openTestDatabase, startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';

/**
 * The outbox worker against a real SMTP server. The app's own worker is off (MAIL_WORKER=false)
 * so each test drives workers itself, as several instances would.
 */
let t: TestApp;
let smtp: SmtpPeer;
let workers: MailWorker[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'false', PUBLIC_URL: 'https://vbg.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.clear();
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

function worker(opts: { ctx?: AppContext; url?: string; batchSize?: number; name?: string } = {}) {
  const ctx = opts.ctx ?? t.ctx;
  const w = new MailWorker(ctx, createSmtpTransport({ ...ctx.config, SMTP_URL: opts.url ?? smtp.url }), {
    batchSize: opts.batchSize,
    name: opts.name,
  });
  workers.push(w);
  return w;
}

async function drain(w: MailWorker) {
  while ((await w.runOnce()) > 0) {
    // until nothing is due
  }
}

async function queue(n: number, prefix = 'm') {
  await enqueue(
    t.ctx,
    Array.from({ length: n }, (_, i) => ({
      kind: 'golf' as const,
      recipient: `${prefix}${i}@example.com`,
      idempotencyKey: `test:${prefix}:${i}`,
      content: { subject: `Message ${i}`, preheader: '', blocks: [{ kind: 'p' as const, text: `Body ${i}` }] },
    })),
  );
}

const rows = () => t.ctx.db.select().from(outbox).orderBy(asc(outbox.id));

/** An outbox row written directly, queued `daysAgo` days before the test clock's now. */
function storedMessage(key: string, status: 'sent' | 'failed' | 'sending', daysAgo: number) {
  const now = t.clock.now().getTime();
  return {
    kind: 'golf',
    recipient: `${key}@example.com`,
    subject: key,
    html: '<p>x</p>',
    text: 'x',
    idempotencyKey: key,
    status,
    createdAt: new Date(now - daysAgo * 86400_000),
    // An in-flight message holds a live lease, so no worker takes it over during the test.
    nextAttemptAt: new Date(status === 'sending' ? now + CLAIM_LEASE_MS : now),
  };
}

describe('the mail worker', () => {
  it('retries a refused delivery after the backoff, and shows the failure meanwhile', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await queue(1);
    smtp.refuseNext(1, 451);
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/^451 /);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(t.clock.now().getTime() + retryDelay(1) - 1000);

    const overview = await admin.get('/api/admin/mail/outbox');
    expect(overview.json.counts.queued).toBe(1);
    expect(overview.json.messages[0]).toMatchObject({ status: 'queued', attempts: 1, recipient: 'm0@example.com' });
    expect(overview.json.messages[0].lastError).toMatch(/451/);

    expect(await w.runOnce()).toBe(0); // not due yet
    expect(smtp.received).toHaveLength(0);
    t.clock.advance(retryDelay(1) + 1000);
    expect(await w.runOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['m0@example.com']);
  });

  it('keeps retrying while the SMTP server is down, gives up after the limit, and an admin can send it again', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close(); // nothing listens there now
    await queue(1);
    const w = worker({ url: `smtp://127.0.0.1:${port}` });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toBe(1);
      const [row] = await rows();
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'queued' : 'failed');
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      if (attempt < MAX_ATTEMPTS) t.clock.advance(retryDelay(attempt) + 1000);
    }
    t.clock.advance(24 * 3600_000);
    expect(await w.runOnce()).toBe(0); // failed stays failed
    await admin.post('/api/login', { email: 'admin@example.com', password: PASSWORD }); // a day later: signed out by idling
    const overview = await admin.get('/api/admin/mail/outbox');
    expect(overview.json.counts).toEqual({ queued: 0, sending: 0, sent: 0, failed: 1 });

    // The server is back: the admin sends the failed message again.
    const back = await startSmtpPeer(port);
    try {
      const [row] = await rows();
      const retry = await admin.post(`/api/admin/mail/outbox/${row.id}/retry`);
      expect(retry.status).toBe(200);
      expect(await w.runOnce()).toBe(1);
      await back.waitFor(1);
      expect((await rows())[0].status).toBe('sent');
      expect((await admin.post(`/api/admin/mail/outbox/${row.id}/retry`)).status).toBe(400); // only failed ones
      await w.stop();
    } finally {
      await back.close();
    }
  });

  it('does not retry a permanent refusal', async () => {
    await queue(1);
    smtp.refuseNext(1, 550);
    const w = worker();
    await w.runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/^550 /);
  });

  it('a worker stopped mid-batch hands the rest back; a new one sends them: none lost, none twice', async () => {
    await queue(30);
    const first = worker({ batchSize: 10, name: 'first' });
    await first.start();
    await smtp.waitFor(3);
    await first.stop();
    const afterStop = await rows();
    const sentByFirst = afterStop.filter((r) => r.status === 'sent').length;
    expect(sentByFirst).toBeGreaterThanOrEqual(3);
    expect(sentByFirst).toBeLessThan(30);
    expect(smtp.received).toHaveLength(sentByFirst);
    // Nothing is left claimed, and what was handed back lost no attempt.
    expect(afterStop.filter((r) => r.status === 'sending')).toHaveLength(0);
    for (const r of afterStop.filter((x) => x.status === 'queued')) expect(r.attempts).toBe(0);

    const second = worker({ name: 'second' });
    await drain(second);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a worker that died holding messages: they wait out the lease, then another worker sends them', async () => {
    await queue(3);
    // What a crashed instance leaves behind: claimed rows whose sender never finished.
    await t.ctx.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(t.clock.now().getTime() + CLAIM_LEASE_MS) });
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    t.clock.advance(CLAIM_LEASE_MS + 1000);
    await drain(w);
    expect(smtp.received).toHaveLength(3);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('drops mail that waited more than 24 hours instead of sending it late', async () => {
    await queue(1);
    t.clock.advance(25 * 3600_000);
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    const [row] = await rows();
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/24 hours/);
    expect(smtp.received).toHaveLength(0);
  });

  it('several workers claiming at once never send one message twice', async () => {
    await queue(80);
    // On PostgreSQL the second pair works through its own connection pool, like another instance.
    let other: Database | null = null;
    let otherCtx = t.ctx;
    if (t.database.kind === 'postgres') {
      other = await openTestDatabase();
      otherCtx = { ...t.ctx, database: other, db: other.db };
    }
    try {
      const all = [
        worker({ batchSize: 3, name: 'a' }),
        worker({ batchSize: 3, name: 'b' }),
        worker({ ctx: otherCtx, batchSize: 3, name: 'c' }),
        worker({ ctx: otherCtx, batchSize: 3, name: 'd' }),
      ];
      await Promise.all(all.map(drain));
      const recipients = smtp.received.map((m) => m.to[0]);
      expect(recipients).toHaveLength(80);
      expect(new Set(recipients).size).toBe(80);
      const final = await rows();
      expect(final.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      await Promise.all(all.map((w) => w.stop()));
    } finally {
      await other?.close();
    }
  });

  it('deletes sent and failed messages once they are 90 days old, never queued or in-flight ones', async () => {
    await t.ctx.db
      .insert(outbox)
      .values([
        storedMessage('sent-91', 'sent', 91),
        storedMessage('failed-120', 'failed', 120),
        storedMessage('sent-89', 'sent', 89),
        storedMessage('failed-1', 'failed', 1),
        storedMessage('sending-91', 'sending', 91),
      ]);
    expect(await pruneOutbox(t.ctx, t.clock.now())).toBe(2);
    const left = await t.ctx.db.select({ key: outbox.idempotencyKey }).from(outbox).orderBy(asc(outbox.idempotencyKey));
    expect(left.map((r) => r.key)).toEqual(['failed-1', 'sending-91', 'sent-89']);
  });

  it('a worker prunes on its first pass and then once an hour', async () => {
    const w = worker();
    await t.ctx.db.insert(outbox).values(storedMessage('first', 'sent', OUTBOX_KEEP_DAYS + 1));
    await w.runOnce();
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(0);
    await t.ctx.db.insert(outbox).values(storedMessage('second', 'sent', OUTBOX_KEEP_DAYS + 1));
    t.clock.advance(PRUNE_EVERY_MS - 60_000);
    await w.runOnce();
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(1); // not yet an hour since the last prune
    t.clock.advance(60_000);
    await w.runOnce();
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(0);
  });

  itOnPostgres('skips, and does not wait for, messages another instance has locked', async () => {
    await queue(5);
    const other = await openTestDatabase();
    try {
      const w = worker();
      await other.db.transaction(async (tx) => {
        // Another instance in the middle of its claim holds rows 1 and 2.
        await tx.execute(sql`select id from outbox where id in (1, 2) for update`);
        expect(await w.runOnce()).toBe(3);
      });
      expect((await rows()).map((r) => r.status)).toEqual(['queued', 'queued', 'sent', 'sent', 'sent']);
      await drain(w);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
        'm0@example.com',
        'm1@example.com',
        'm2@example.com',
        'm3@example.com',
        'm4@example.com',
      ]);
    } finally {
      await other.close();
    }
  });

  it('the app worker wakes on new mail at once (LISTEN/NOTIFY) and closes with the app', async () => {
    const app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://vbg.test' });
    try {
      await app.reset();
      const { client: admin } = await signedIn(app, 'admin');
      await signedIn(app, 'member', 'ann@example.com');
      const started = Date.now();
      await admin.post('/api/send-golf-email');
      await smtp.waitFor(1);
      expect(Date.now() - started).toBeLessThan(4000); // well inside the 5 s poll
      await expect
        .poll(
          async () =>
            (await app.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'ann@example.com')))[0]?.status,
        )
        .toBe('sent');
    } finally {
      const closing = Date.now();
      await app.close(); // the worker stops with it, promptly
      expect(Date.now() - closing).toBeLessThan(3000);
    }
  });
});
