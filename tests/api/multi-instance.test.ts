import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../support/databases';
import pg from 'pg';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { HttpClient } from '../support/http-client';
import { startSmtpPeer } from '../support/smtp-peer';
import { freshPostgresDatabase, openEventStream, startInstance, type Instance } from '../support/instances';
import { articleBody } from './articles-helpers';
import { pdfBytes, pdfForm, tipsBody } from './tips-helpers';
import { CONSENT } from '../support/consent';

/**
 * Two real app processes (the entry point `npm start` runs) on one fresh PostgreSQL database, as
 * behind a load balancer (DESIGN.md "Scale-out"). Runs in the api-pg project only: PGlite is one
 * process's database.
 */

const ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };
const cookieOf = (c: HttpClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describeOnPostgres('several instances on one PostgreSQL', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: Instance;
  let b: Instance;
  let adminA: HttpClient;

  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    db = await freshPostgresDatabase(`vbg_multi_${process.pid}`);
    smtp = await startSmtpPeer();
    // Both instances run a mail worker against one real SMTP peer.
    const env = {
      DATABASE_URL: db.url,
      SEED_DEMO: 'false',
      SESSION_SECRET: 'multi-instance-test-secret-of-40-characters',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
    };
    // Started together: one migrates under the advisory lock, the other waits for it.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    adminA = new HttpClient(a.url);
    expect((await adminA.post('/api/login', ADMIN)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    a?.child.kill('SIGKILL');
    b?.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await smtp?.close();
    await db?.drop();
  });

  /** The admin's session (made on A) used through B. */
  function adminOnB() {
    const client = new HttpClient(b.url);
    client.cookies = new Map(adminA.cookies);
    return client;
  }

  /** A member who registers on A, given family access by the admin through B. */
  async function memberOnAGrantedOnB(email: string) {
    const member = new HttpClient(a.url);
    const reg = await member.post('/api/register', { email, password: 'member-password-1', ...CONSENT });
    expect(reg.status).toBe(201);
    const adminB = adminOnB();
    expect((await adminB.post(`/api/admin/members/${reg.json.user.id}/grant`, { type: 'family' })).status).toBe(200);
    return { member, memberId: reg.json.user.id as number, adminB };
  }

  it('both are ready; a session made on one is valid on the other, and a logout on one ends it on both', async () => {
    for (const i of [a, b]) expect((await fetch(`${i.url}/api/ready`)).status).toBe(200);
    const onB = new HttpClient(b.url);
    onB.cookies = new Map(adminA.cookies);
    expect((await onB.get('/api/auth/user')).json).toMatchObject({ email: ADMIN.email, role: 'admin' });

    const once = new HttpClient(a.url);
    expect((await once.post('/api/login', ADMIN)).status).toBe(200);
    expect((await once.get('/api/auth/user')).status).toBe(200); // now in A's session cache
    const stolen = new Map(once.cookies);
    const onBToo = new HttpClient(b.url);
    onBToo.cookies = new Map(stolen);
    expect((await onBToo.post('/api/logout', {})).status).toBe(200);
    once.cookies = stolen;
    // A forgets it when the trigger's notice arrives (milliseconds; decision 0015).
    await expect
      .poll(async () => (await once.get('/api/auth/user')).status, { timeout: 5_000, interval: 10 })
      .toBe(401);
  });

  it("an admin's change to a member on one instance is in force on the other, whose session cache held the member", async () => {
    const { member, memberId, adminB } = await memberOnAGrantedOnB('cached@example.com');
    await expect
      .poll(async () => (await member.get('/api/daily-tips')).status, { timeout: 5_000, interval: 10 })
      .toBe(200);
    expect((await member.get('/api/daily-tips')).status).toBe(200); // cached on A as a member now
    expect((await adminB.post(`/api/admin/members/${memberId}/revoke`, {})).status).toBe(200);
    await expect
      .poll(async () => (await member.get('/api/daily-tips')).status, { timeout: 5_000, interval: 10 })
      .toBe(403);
  });

  it("an upload on one reaches the other's event-stream clients, and the other's cached metadata is fresh", async () => {
    // A member registers on A; the admin grants access on B; the member streams from B.
    const { member } = await memberOnAGrantedOnB('member@example.com');
    const memberB = new HttpClient(b.url);
    memberB.cookies = new Map(member.cookies);
    expect((await memberB.get('/api/vbg-race-cards-metadata')).json.friday).toEqual([]); // warms B's cache

    const stream = await openEventStream(`${b.url}/api/vbg-race-cards-events`, cookieOf(memberB));
    expect(stream.status).toBe(200);
    try {
      const upload = await adminA.post(
        '/api/vbg-race-cards/upload-master-excel',
        masterForm(await raceDayWorkbook(makeRaceDay({ races: 3, runners: 4, seed: 7 })), 'friday'),
      );
      expect(upload.status).toBe(200);
      expect(JSON.parse(await stream.next())).toMatchObject({ type: 'upload', weekday: 'friday' });
      // The cache notice travels ahead of the event on the same connection: B is fresh already.
      const meta = (await memberB.get('/api/vbg-race-cards-metadata')).json;
      expect(meta.friday).toHaveLength(3);
      expect((await memberB.get(`/api/vbg-race-cards/race/${meta.friday[0].id}`)).json.horses).toHaveLength(4);
    } finally {
      stream.close();
    }
  });

  it("a write on one drops the other's cached article list, tips and settings", async () => {
    const visitorB = new HttpClient(b.url);
    const adminB = adminOnB();
    const titles = async () => (await visitorB.get('/api/news-and-views')).json.map((x: { title: string }) => x.title);
    expect(await titles()).toEqual([]); // cached on B now
    expect((await adminA.post('/api/admin/news-and-views', articleBody({ title: 'Written On A' }))).status).toBe(201);
    await expect.poll(titles, { timeout: 3000, interval: 50 }).toEqual(['Written On A']);

    expect((await adminA.post('/api/secure-content-upload', tipsBody({ nap: 'First Nap – 1:00 Ascot' }))).status).toBe(
      200,
    );
    const nap = async () => (await adminB.get('/api/daily-tips')).json.nap;
    await expect.poll(nap, { timeout: 3000, interval: 50 }).toBe('First Nap – 1:00 Ascot');
    expect((await adminA.post('/api/secure-content-upload', tipsBody({ nap: 'Second Nap – 2:00 Ascot' }))).status).toBe(
      200,
    );
    await expect.poll(nap, { timeout: 3000, interval: 50 }).toBe('Second Nap – 2:00 Ascot');

    // The site settings B has cached: the analyst's save on A is in force on B.
    const weekday = async () => (await adminB.get('/api/admin-settings/default-weekday')).json.value as string;
    expect(await weekday()).toBe('Thursday');
    expect((await adminA.post('/api/admin-settings/default-weekday', { weekday: 'saturday' })).status).toBe(200);
    await expect.poll(weekday, { timeout: 3000, interval: 50 }).toBe('Saturday');
  });

  it('a file uploaded on one is served by the other', async () => {
    const bytes = pdfBytes(20_000);
    const res = await adminA.post('/api/admin/upload-back-catalogue-pdf', pdfForm(bytes, '2026-11-21'));
    expect(res.status).toBe(200);
    const entries = (await new HttpClient(b.url).get('/api/back-catalogue')).json as {
      filename: string;
      contentType: string;
    }[];
    const entry = entries.find((e) => e.contentType === 'pdf');
    expect(entry).toBeTruthy();
    const asset = await fetch(`${b.url}/attached-assets/${entry!.filename}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await asset.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('a mailing sent with both workers running goes out once per member', async () => {
    const adminB = adminOnB();
    const emails = Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      const on = i % 2 ? a : b;
      const reg = await new HttpClient(on.url).post('/api/register', {
        email,
        password: 'reader-password-1',
        ...CONSENT,
      });
      expect(reg.status).toBe(201);
      expect(
        (await (i % 2 ? adminA : adminB).post(`/api/admin/members/${reg.json.user.id}/grant`, { type: 'family' }))
          .status,
      ).toBe(200);
    }
    expect((await adminA.post('/api/secure-content-upload', tipsBody({ nap: 'Mail Nap – 1:00 Ascot' }))).status).toBe(
      200,
    );
    const before = smtp.received.length;
    const sent = await adminB.post('/api/send-daily-update-email', {});
    expect(sent.status).toBe(200);
    const count = Number(/Sent to (\d+) active members/.exec(sent.json.message)?.[1]);
    expect(count).toBeGreaterThanOrEqual(emails.length); // plus any member made by an earlier test
    await expect.poll(() => smtp.received.length - before, { timeout: 20_000, interval: 100 }).toBe(count);
    // Both workers have nothing left (no message queued or being sent): nothing more may arrive.
    await expect
      .poll(
        async () => {
          const { counts } = (await adminA.get('/api/admin/mail/outbox')).json as { counts: Record<string, number> };
          return counts.queued + counts.sending;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(0);
    const [mailing] = (await adminA.get('/api/admin/mail/outbox')).json.mailings as Array<{
      sent: number;
      failed: number;
    }>;
    expect(mailing).toMatchObject({ sent: count, failed: 0 });
    const recipients = smtp.received.slice(before).flatMap((m) => m.to);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    for (const email of emails) expect(recipients).toContain(email);
  });

  it('one instance killed (SIGKILL) mid-request loses nothing committed; the other carries on with a consistent database', async () => {
    // Before: Saturday has 2 races of 3 runners, loaded through B.
    const adminB = adminOnB();
    const before = makeRaceDay({ races: 2, runners: 3, seed: 11 });
    expect(
      (
        await adminB.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(before), 'saturday'),
        )
      ).status,
    ).toBe(200);

    // On A: a big replacement of Saturday and a stream of article saves, then A dies mid-flight.
    const big = await raceDayWorkbook(makeRaceDay({ races: 40, runners: 12, seed: 12 }));
    const bigUpload = adminA.post('/api/vbg-race-cards/upload-master-excel', masterForm(big, 'saturday')).then(
      (r) => r.status,
      () => 'killed' as const,
    );
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const title = `Saved Before The Crash ${++n}`;
        try {
          const r = await adminA.post('/api/admin/news-and-views', articleBody({ title }));
          if (r.status === 201) acknowledged.push(title);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer()]);
    const started = Date.now();
    while (acknowledged.length < 6 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 10));
    a.child.kill('SIGKILL');
    killed = true;
    await a.exited;
    await writers;
    const uploadOutcome = await bigUpload;
    expect(acknowledged.length).toBeGreaterThanOrEqual(6);

    // B still serves, and sees every write A acknowledged, each once.
    expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);
    const visitorB = new HttpClient(b.url);
    const listed = async () =>
      (await visitorB.get('/api/news-and-views')).json.map((x: { title: string }) => x.title) as string[];
    const missing = async () => {
      const now = await listed();
      return acknowledged.filter((t) => !now.includes(t));
    };
    await expect.poll(missing, { timeout: 3000 }).toEqual([]);
    const titles = await listed();
    for (const title of acknowledged) expect(titles.filter((t) => t === title)).toHaveLength(1);

    // Saturday is either the old cards or the new ones, whole: never a mixture or races without runners.
    const meta = (await adminB.get('/api/vbg-race-cards-metadata')).json as { saturday: { runnerCount: number }[] };
    const shape = [meta.saturday.length, meta.saturday.reduce((s, r) => s + r.runnerCount, 0)];
    if (uploadOutcome === 200) expect(shape).toEqual([40, 480]);
    else expect([JSON.stringify([2, 6]), JSON.stringify([40, 480])]).toContain(JSON.stringify(shape));

    // The database itself: the dead instance's transactions were rolled back, none left open.
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    try {
      await expect
        .poll(
          async () =>
            Number(
              (
                await check.query(
                  `select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
                )
              ).rows[0].count,
            ),
          {
            timeout: 5000,
          },
        )
        .toBe(0);
      const orphans = await check.query(
        'select count(*) from horses h left join races r on r.id = h.race_id where r.id is null',
      );
      expect(Number(orphans.rows[0].count)).toBe(0);
      const articles = await check.query(
        `select title, count(*) from articles where title like 'Saved Before The Crash %' group by title having count(*) > 1`,
      );
      expect(articles.rows).toEqual([]);
    } finally {
      await check.end();
    }
  });
});
