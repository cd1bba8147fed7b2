import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoTips } from '#server/features/tips/demo';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('demo tips', () => {
  it("publishes today's tips and archives a few past days", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z'));
    await seedDemoTips(t.ctx);
    const { client } = await signedIn(t, 'member');
    const today = (await client.get('/api/daily-tips')).json;
    expect(today.bannerDate).toBe('Sunday 22 November 2026');
    expect(today.nap).toMatch(/Northern Star/);
    const list = (await t.client().get('/api/back-catalogue')).json as Array<{ date: string; contentType: string }>;
    expect(list.map((e) => e.date)).toEqual(['2026-11-21', '2026-11-20']);
    expect((await t.client().get('/api/historical-tips/2026-11-20')).status).toBe(200);
  });
});
