import { getTableName, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { erasedEmail } from '#shared/erased-account';
import type { MyDataExport } from '#shared/schemas/account';
import { rowsOf } from '#server/db/client';
import * as schema from '#server/db/schema';
import { schemaTables, startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';

/**
 * Every table that holds something of a member is in their data export (GET /api/my-data) and is
 * erased when they delete their account (DELETE /api/my-account), or says here why not. The tables
 * are found by walking the schema, not listed by hand: a table with a foreign key to users, or a
 * column named for a person (`user_id`, `…_user_id`, `email`, `…_email`, `recipient`), is tied to a
 * member. A new such table fails this file until DATA says how export and erasure treat it.
 */

type Member = { id: number; email: string; tag: string };

/** What the export holds of a table's rows: the section, or why there is none. */
type Exported = { section: (data: MyDataExport) => unknown } | { notExported: string };

/**
 * What erasure does with a table's rows of the member: deletes them; keeps them with nothing that
 * says who (`deIdentified`); or keeps them as they are (`kept`), because they name the member only
 * by the account's id, which is an anonymous remainder once erased.
 */
type Erased = 'deleted' | { deIdentified: string } | { kept: string };

interface DataRule {
  exported: Exported;
  erased: Erased;
  /**
   * Puts a row of the table for the member, through the app's flows where they are cheap, and
   * returns a text the export shows of it. `byContent`: the table has no column the walk sees; the
   * member's address is inside its rows (the test checks it is).
   */
  seed: (m: Member) => Promise<string>;
  byContent?: true;
}

let t: TestApp;

const at = (iso: string) => new Date(iso);
const ADMIN_WORK =
  "an administrator's work for the business (who uploaded, announced, entered, recorded or sent), not data about the member";
const NAMES_THE_ID_ONLY =
  'names the account only by its id, an anonymous remainder once erased (an administrator cannot delete itself; only a former one can)';

const DATA: Record<string, DataRule> = {
  users: {
    exported: { section: (d) => d.account },
    erased: {
      deIdentified:
        "the account row stays as an anonymous remainder (deleted-<id>@invalid, no password, consents or preferences) holding the provider's customer and subscription ids, so the payment records kept for HMRC stay one customer's",
    },
    seed: async (m) => m.email,
  },
  sessions: {
    exported: { section: (d) => d.sessions },
    erased: 'deleted',
    seed: async (m) => {
      const [row] = await t.ctx.db
        .select()
        .from(schema.sessions)
        .where(sql`${schema.sessions.userId} = ${m.id}`);
      return row.createdAt.toISOString();
    },
  },
  login_throttle: {
    exported: { notExported: 'sign-in attempt counts: security data kept for 15 minutes, keyed by the address' },
    erased: 'deleted',
    byContent: true,
    seed: async (m) => {
      expect((await t.client().post('/api/login', { email: m.email, password: 'not-it-1' })).status).toBe(401);
      return '';
    },
  },
  password_reset_tokens: {
    exported: { notExported: 'a secret: a reset token opens the account' },
    erased: 'deleted',
    seed: async (m) => {
      expect((await t.client().post('/api/forgot-password', { email: m.email })).status).toBe(200);
      return '';
    },
  },
  outbox: {
    exported: { section: (d) => d.emails },
    erased: {
      deIdentified:
        'what was sent and when (kind, subject, status, times) stays in the mail log until it is pruned; the address, bodies and headers go, and mail still queued is not sent',
    },
    seed: async (m) => {
      await t.ctx.db.insert(schema.outbox).values({
        kind: 'daily',
        recipient: m.email,
        subject: `Tips for ${m.tag}`,
        html: `<p>Hello ${m.email}</p>`,
        text: `Hello ${m.email}`,
        idempotencyKey: `tied-${m.tag}`,
      });
      return `Tips for ${m.tag}`;
    },
  },
  checkout_sessions: {
    exported: { section: (d) => d.checkouts },
    erased: {
      deIdentified:
        'a checkout is a payment record (amount, plan, consent times) kept 6 years for HMRC; its address becomes the anonymous one',
    },
    seed: async (m) => {
      await t.ctx.db.insert(schema.checkoutSessions).values({
        id: `cs_${m.tag}`,
        provider: 'local',
        email: m.email,
        status: 'complete',
        amountPence: 1600,
        discountCode: `CODE-${m.tag}`,
        startedByUserId: m.id,
        createdAt: at('2026-11-01T10:00:00Z'),
      });
      return `CODE-${m.tag}`;
    },
  },
  local_payments: {
    exported: {
      notExported:
        "the local payments provider's own records, a stand-in for Stripe's (which are not exported either); what they hold of the member is in checkouts and subscriptionHistory",
    },
    erased: { deIdentified: 'kept like the provider keeps its records; the address in them becomes the anonymous one' },
    byContent: true,
    seed: async (m) => {
      await t.ctx.db
        .insert(schema.localPayments)
        .values({ id: `lcus_${m.tag}`, kind: 'customer', data: { id: `lcus_${m.tag}`, email: m.email } });
      return '';
    },
  },
  subscription_events: {
    exported: { section: (d) => d.subscriptionHistory },
    erased: {
      kept: `the subscription's history (payments, refunds, amounts, dates, the provider's references) is a financial record HMRC expects kept for 6 years; it ${NAMES_THE_ID_ONLY}`,
    },
    seed: async (m) => {
      await t.ctx.db.insert(schema.subscriptionEvents).values({
        userId: m.id,
        type: 'renewed',
        amountPence: 1600,
        providerRef: `in_${m.tag}`,
        occurredAt: at('2026-11-01T10:00:00Z'),
      });
      return `in_${m.tag}`;
    },
  },
  notices_sent: {
    exported: { section: (d) => d.notices },
    erased: 'deleted',
    seed: async (m) => {
      await t.ctx.db
        .insert(schema.noticesSent)
        .values({ userId: m.id, kind: 'renewal', occasion: `renewal-of-${m.tag}`, sentAt: at('2026-11-02T08:00:00Z') });
      return `renewal-of-${m.tag}`;
    },
  },
  member_bets: {
    exported: { section: (d) => d.bets },
    erased: 'deleted',
    seed: async (m) => {
      await t.ctx.db.insert(schema.memberBets).values({
        userId: m.id,
        raceDate: '2026-11-20',
        raceTime: '14:10',
        course: 'Ascot',
        horseName: `${m.tag} Bet`,
        price: '5/1',
        stakePence: 500,
      });
      return `${m.tag} Bet`;
    },
  },
  watchlist: {
    exported: { section: (d) => d.watchlist },
    erased: 'deleted',
    seed: async (m) => {
      await t.ctx.db.insert(schema.watchlist).values({
        userId: m.id,
        horseName: `${m.tag} Star`,
        horseKey: `${m.tag} star`,
        createdAt: at('2026-11-03T09:00:00Z'),
      });
      return `${m.tag} Star`;
    },
  },
  alert_settings: {
    exported: { section: (d) => d.alerts.settings },
    erased: 'deleted',
    seed: async (m) => {
      const quietFrom = m.tag === 'ann' ? '21:37' : '22:41';
      await t.ctx.db.insert(schema.alertSettings).values({
        userId: m.id,
        tipsPublished: true,
        quietFrom,
        quietUntil: '07:00',
        updatedAt: at('2026-11-03T09:00:00Z'),
      });
      return quietFrom;
    },
  },
  push_subscriptions: {
    exported: { section: (d) => d.alerts.pushDevices },
    erased: 'deleted',
    seed: async (m) => {
      await t.ctx.db.insert(schema.pushSubscriptions).values({
        userId: m.id,
        endpoint: `https://push.example.net/${m.tag}`,
        p256dh: 'key',
        auth: 'auth',
        userAgent: `${m.tag}-browser/1`,
        createdAt: at('2026-11-03T09:00:00Z'),
      });
      return `${m.tag}-browser/1`;
    },
  },
  member_alerts: {
    exported: { section: (d) => d.alerts.sent },
    erased: 'deleted',
    seed: async (m) => {
      await t.ctx.db.insert(schema.memberAlerts).values({
        userId: m.id,
        day: '2026-11-21',
        kind: 'tips',
        subject: 'tips',
        title: `Tips are out, ${m.tag}`,
        body: 'Today’s tips are published.',
        url: '/daily-tips',
        createdAt: at('2026-11-21T08:00:00Z'),
      });
      return `Tips are out, ${m.tag}`;
    },
  },
  upload_log: {
    exported: { notExported: ADMIN_WORK },
    erased: { kept: `the upload log ${NAMES_THE_ID_ONLY}` },
    seed: async (m) => {
      await t.ctx.db
        .insert(schema.uploadLog)
        .values({ kind: 'master-workbook', userId: m.id, success: true, message: 'Uploaded' });
      return '';
    },
  },
  price_changes: {
    exported: { notExported: ADMIN_WORK },
    erased: { kept: `an announced price change ${NAMES_THE_ID_ONLY}` },
    seed: async (m) => {
      await t.ctx.db
        .insert(schema.priceChanges)
        .values({ plan: 'monthly', newPricePence: 1800, effectiveFrom: '2027-01-01', createdBy: m.id });
      return '';
    },
  },
  race_results: {
    exported: { notExported: ADMIN_WORK },
    erased: { kept: `a race's result ${NAMES_THE_ID_ONLY}` },
    seed: async (m) => {
      await t.ctx.db.insert(schema.raceResults).values({
        raceDate: '2026-11-20',
        time: m.tag === 'ann' ? '14:10' : '15:20',
        course: 'Ascot',
        enteredBy: m.id,
        enteredAt: at('2026-11-20T15:00:00Z'),
      });
      return '';
    },
  },
  price_snapshots: {
    exported: { notExported: ADMIN_WORK },
    erased: { kept: `a price learned ${NAMES_THE_ID_ONLY}` },
    seed: async (m) => {
      await t.ctx.db.insert(schema.priceSnapshots).values({
        raceDate: '2026-11-20',
        time: '14:10',
        course: 'Ascot',
        horseName: 'Seeded Horse',
        horseKey: 'seeded horse',
        source: 'analyst',
        price: 6,
        priceText: '5/1',
        observedAt: at('2026-11-20T09:00:00Z'),
        recordedBy: m.id,
      });
      return '';
    },
  },
  mailings: {
    exported: { notExported: ADMIN_WORK },
    erased: { kept: `a mailing sent ${NAMES_THE_ID_ONLY}` },
    seed: async (m) => {
      await t.ctx.db.insert(schema.mailings).values({ kind: 'golf', createdBy: m.id, recipientCount: 0 });
      return '';
    },
  },
};

const PERSON_COLUMN = /(^|_)(user_id|email|recipient)$/;

/** The table's columns that are foreign keys to users. */
function usersForeignKeys(table: PgTable): string[] {
  return getTableConfig(table)
    .foreignKeys.map((fk) => fk.reference())
    .filter((ref) => getTableName(ref.foreignTable) === 'users')
    .flatMap((ref) => ref.columns.map((c) => c.name));
}

/** The columns that tie a table's rows to a member: its foreign keys to users and the columns named for a person. */
function memberColumns(table: PgTable): string[] {
  const named = getTableConfig(table)
    .columns.map((c) => c.name)
    .filter((name) => PERSON_COLUMN.test(name));
  return [...new Set([...usersForeignKeys(table), ...named])];
}

/** The columns holding a users id: the foreign keys to users (and the users row's own id). */
const idColumns = (table: PgTable) => (getTableName(table) === 'users' ? ['id'] : usersForeignKeys(table));

async function count(table: string, where: ReturnType<typeof sql>) {
  const result = await t.ctx.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} as r where ${where}`,
  );
  return rowsOf<{ n: number }>(result)[0].n;
}

/** Rows of the table holding the text anywhere (any column, JSON included; case aside). */
const rowsHolding = (table: PgTable, text: string) =>
  count(getTableName(table), sql`strpos(lower(row_to_json(r)::text), ${text.toLowerCase()}) > 0`);

/** Rows of the table naming the account by id. */
async function rowsWithId(table: PgTable, id: number) {
  const columns = idColumns(table);
  if (columns.length === 0) return 0;
  const named = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = ${id}`),
    sql` or `,
  );
  return count(getTableName(table), named);
}

/** How many rows of each table name the member, by id or by address. */
async function footprint(m: Member) {
  const found: Record<string, { byId: number; byAddress: number }> = {};
  for (const table of schemaTables) {
    const byId = await rowsWithId(table, m.id);
    const byAddress = await rowsHolding(table, m.email);
    if (byId + byAddress > 0) found[getTableName(table)] = { byId, byAddress };
  }
  return found;
}

async function member(email: string, tag: string): Promise<Member & { client: ReturnType<TestApp['client']> }> {
  const { client, user } = await signedIn(t, 'nonMember', email);
  return { client, id: user.id, email, tag };
}

describe('the tables that hold a member (a walk of the schema, no database)', () => {
  it('every table the schema ties to a member is accounted for by export and erasure', () => {
    const tied: string[] = schemaTables
      .filter((table) => memberColumns(table).length > 0)
      .map((table) => getTableName(table));
    expect(tied.length).toBeGreaterThan(10); // the walk sees the schema
    const unaccounted = tied.filter((name) => !(name in DATA));
    expect(
      unaccounted,
      'tables tied to a member that DATA does not list: export and erase them, or say why they are kept',
    ).toEqual([]);
    const names: string[] = schemaTables.map((table) => getTableName(table));
    for (const [name, rule] of Object.entries(DATA)) {
      expect(names, `DATA lists ${name}, which is no table`).toContain(name);
      expect(tied.includes(name), `${name}: tied by its columns, so not byContent`).toBe(!rule.byContent);
    }
  });
});

describe('export and erasure of every table tied to a member', () => {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
  });

  it('each is in the member’s export, and after the deletion no row identifies them; another member is left as they were', async () => {
    const ann = await member('ann@example.com', 'ann');
    const bob = await member('bob@example.com', 'bob');
    const shown: Record<string, string> = {};
    for (const [name, rule] of Object.entries(DATA)) {
      shown[name] = await rule.seed(ann);
      await rule.seed(bob);
    }

    // Every listed table now holds a row of Ann's, and no other table does.
    const before = await footprint(ann);
    expect(Object.keys(before).sort()).toEqual(Object.keys(DATA).sort());
    const bobBefore = await footprint(bob);

    const res = await ann.client.get('/api/my-data');
    expect(res.status).toBe(200);
    const data = res.json as MyDataExport;
    for (const [name, rule] of Object.entries(DATA)) {
      if (!('section' in rule.exported)) continue;
      expect(JSON.stringify(rule.exported.section(data)), `${name}: Ann's row is in her export`).toContain(shown[name]);
    }

    const deleted = await ann.client.request('DELETE', '/api/my-account', { password: PASSWORD });
    expect(deleted.status).toBe(200);

    const anonymous = erasedEmail(ann.id);
    for (const table of schemaTables) {
      const name = getTableName(table);
      expect(await rowsHolding(table, ann.email), `${name}: no row holds Ann's address`).toBe(0);
      const rule = DATA[name];
      if (!rule) continue;
      if (rule.erased === 'deleted') {
        expect(await rowsWithId(table, ann.id), `${name}: Ann's rows are deleted`).toBe(0);
      } else {
        // Kept, on purpose: still there, naming only the anonymous remainder.
        const left = (await rowsWithId(table, ann.id)) + (await rowsHolding(table, anonymous));
        expect(left, `${name}: Ann's rows are kept, de-identified`).toBeGreaterThan(0);
      }
    }
    const [remainder] = await t.ctx.db
      .select()
      .from(schema.users)
      .where(sql`${schema.users.id} = ${ann.id}`);
    expect(remainder).toMatchObject({ email: anonymous, passwordHash: null, termsAcceptedAt: null });

    // Bob: every row of his is where it was.
    expect(await footprint(bob)).toEqual(bobBefore);
  });
});
