import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client';
import { schemaTables, startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';

// Every test starts from an empty database: what the reset between tests must leave behind.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the reset between tests', () => {
  it('empties every table, starts ids again from 1 and tells every instance to forget its sessions', async () => {
    await createAccount(t, 'member', 'first@example.com');
    await signedIn(t, 'admin', 'second@example.com'); // a session: a row pointing at its user
    const heard: string[] = [];
    const unlisten = await t.database.listen('vbg_auth', (payload) => heard.push(payload));

    await t.reset();

    for (const table of schemaTables) {
      const count = rowsOf<{ n: number }>(
        await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${getTableName(table)}"`)),
      )[0].n;
      expect(count, getTableName(table)).toBe(0);
    }
    await expect.poll(() => heard).toContain('all');
    await unlisten();
    const again = await createAccount(t, 'member', 'again@example.com');
    expect(again.id).toBe(1);
  });
});
