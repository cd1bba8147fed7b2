import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('PUT /api/odds-format', () => {
  it('fractional by default; a member chooses decimal and the user endpoint says so, for them only', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: other } = await signedIn(t, 'nonMember');
    expect((await member.get('/api/auth/user')).json.oddsFormat).toBe('fractional');

    const res = await member.put('/api/odds-format', { oddsFormat: 'decimal' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, oddsFormat: 'decimal' });
    expect((await member.get('/api/auth/user')).json.oddsFormat).toBe('decimal');
    expect((await other.get('/api/auth/user')).json.oddsFormat).toBe('fractional');

    expect((await member.put('/api/odds-format', { oddsFormat: 'fractional' })).status).toBe(200);
    expect((await member.get('/api/auth/user')).json.oddsFormat).toBe('fractional');
  });

  it('refuses anything else, and visitors', async () => {
    const { client: member } = await signedIn(t, 'member');
    const bad = await member.put('/api/odds-format', { oddsFormat: 'american' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Odds format must be fractional or decimal');
    expect((await member.get('/api/auth/user')).json.oddsFormat).toBe('fractional');
    expect((await t.client().put('/api/odds-format', { oddsFormat: 'decimal' })).status).toBe(401);
  });
});
