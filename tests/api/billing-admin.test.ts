import { describe, expect, it } from 'vitest';
import { londonDate, addDays } from '#shared/london-time';
import { createUser } from '#server/features/auth/users';
import type { TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { FakeStripe, withFakeStripeApp } from '../support/fake-stripe';

let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp(
  (app, f) => {
    t = app;
    fake = f;
  },
  { STRIPE_INVOICE_PRICES: 'phase3=price_p3, phase2=price_p2' },
);

describe('admin members API: access', () => {
  it('is 401 signed out and 403 for members and non-members', async () => {
    const { user } = await createUser(t.ctx, { email: 'someone@example.com' });
    const calls = (c: ReturnType<TestApp['client']>) => [
      c.get('/api/admin/members'),
      c.post(`/api/admin/members/${user.id}/grant`, { type: 'family' }),
      c.post(`/api/admin/members/${user.id}/revoke`),
      c.post('/api/create-invoice-link', { email: 'x@example.com', customerName: 'X' }),
    ];
    for (const res of await Promise.all(calls(t.client()))) expect(res.status).toBe(401);
    const member = await signedIn(t, 'member');
    for (const res of await Promise.all(calls(member.client))) expect(res.status).toBe(403);
    const free = await signedIn(t, 'nonMember');
    for (const res of await Promise.all(calls(free.client))) expect(res.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('admin members API', () => {
  it('lists members with status, type, dates; searches by e-mail and filters by status and type', async () => {
    const admin = await signedIn(t, 'admin');
    await signedIn(t, 'member', 'monthly@example.com');
    const { user: fam } = await createUser(t.ctx, { email: 'family.one@example.com' });
    const { user: annual } = await createUser(t.ctx, { email: 'annual.one@example.com' });
    await createUser(t.ctx, { email: 'free_user@example.com' });
    expect((await admin.client.post(`/api/admin/members/${fam.id}/grant`, { type: 'family' })).status).toBe(200);
    expect(
      (
        await admin.client.post(`/api/admin/members/${annual.id}/grant`, {
          type: 'annual_special',
          endDate: '2030-06-30',
        })
      ).status,
    ).toBe(200);

    const all = await admin.client.get('/api/admin/members');
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(5);
    const byEmail = Object.fromEntries(all.json.members.map((m: { email: string }) => [m.email, m]));
    expect(byEmail['monthly@example.com']).toMatchObject({
      status: 'active',
      type: 'premium',
      hasAccess: true,
      cancelAtPeriodEnd: false,
    });
    expect(byEmail['monthly@example.com'].endDate).toBeTruthy();
    expect(byEmail['family.one@example.com']).toMatchObject({
      status: 'active',
      type: 'family',
      endDate: null,
      hasAccess: true,
      hasPassword: false,
    });
    expect(byEmail['annual.one@example.com']).toMatchObject({
      status: 'active',
      type: 'annual_special',
      hasAccess: true,
    });
    expect(londonDate(new Date(byEmail['annual.one@example.com'].endDate))).toBe('2030-06-30');
    expect(byEmail['free_user@example.com']).toMatchObject({ status: 'none', type: null, hasAccess: false });

    const search = await admin.client.get('/api/admin/members?search=FAMILY');
    expect(search.json.members.map((m: { email: string }) => m.email)).toEqual(['family.one@example.com']);
    // LIKE wildcards in the search are taken literally.
    expect(
      (await admin.client.get('/api/admin/members?search=_')).json.members.map((m: { email: string }) => m.email),
    ).toEqual(['free_user@example.com']);
    const byType = await admin.client.get('/api/admin/members?type=annual_special');
    expect(byType.json.members.map((m: { email: string }) => m.email)).toEqual(['annual.one@example.com']);
    const none = await admin.client.get('/api/admin/members?status=none');
    expect(none.json.members.map((m: { email: string }) => m.email).sort()).toEqual([
      'admin@example.com',
      'free_user@example.com',
    ]);

    t.clock.set(new Date('2030-07-01T12:00:00Z'));
    const fresh = t.client();
    await fresh.post('/api/login', { email: 'admin@example.com', password: PASSWORD });
    const lapsed = await fresh.get('/api/admin/members?status=expired');
    expect(lapsed.json.members.map((m: { email: string }) => m.email).sort()).toEqual([
      'annual.one@example.com',
      'monthly@example.com',
    ]);
  });

  it('grants family (lifetime) and annual special (a year by default), and revokes them', async () => {
    const admin = await signedIn(t, 'admin');
    const free = await signedIn(t, 'nonMember', 'lucky@example.com');
    const id = free.user.id;

    const annual = await admin.client.post(`/api/admin/members/${id}/grant`, { type: 'annual_special' });
    expect(annual.status).toBe(200);
    const today = londonDate(t.clock.now());
    expect(londonDate(new Date(annual.json.member.endDate))).toBe(addDays(today, 365));
    expect((await free.client.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: true,
      subscriptionType: 'annual_special',
    });

    const family = await admin.client.post(`/api/admin/members/${id}/grant`, { type: 'family' });
    expect(family.json.member).toMatchObject({ type: 'family', endDate: null, hasAccess: true });

    const revoked = await admin.client.post(`/api/admin/members/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.member).toMatchObject({ type: 'family', status: 'canceled', hasAccess: false });
    expect((await free.client.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: false,
      hasMemberAccess: false,
    });
  });

  it('refuses bad grants and touches only family and annual special', async () => {
    const admin = await signedIn(t, 'admin');
    const member = await signedIn(t, 'member', 'monthly@example.com');
    const { user: free } = await createUser(t.ctx, { email: 'free@example.com' });
    const grant = (id: number, body: object) => admin.client.post(`/api/admin/members/${id}/grant`, body);

    expect((await grant(free.id, { type: 'premium' })).status).toBe(400);
    expect((await grant(free.id, { type: 'annual_special', endDate: '31/12/2030' })).status).toBe(400);
    expect((await grant(free.id, { type: 'annual_special', endDate: '2001-01-01' })).status).toBe(400);
    expect((await grant(999999, { type: 'family' })).status).toBe(404);
    expect((await admin.client.post('/api/admin/members/abc/grant', { type: 'family' })).status).toBe(400);

    const renewing = await grant(member.user.id, { type: 'family' });
    expect(renewing.status).toBe(409);
    expect(renewing.json.message).toMatch(/monthly subscription/);

    const revokePremium = await admin.client.post(`/api/admin/members/${member.user.id}/revoke`);
    expect(revokePremium.status).toBe(400);
    expect(revokePremium.json.message).toMatch(/Only Lifetime Family Access and Annual \(Special\)/);
    expect((await admin.client.post(`/api/admin/members/${free.id}/revoke`)).status).toBe(400);
    expect((await member.client.get('/api/auth/user')).json.isSubscribed).toBe(true);
  });
});

describe('POST /api/create-invoice-link', () => {
  it('makes a Stripe payment link on the named price tier (phase3 by default) with the e-mail prefilled', async () => {
    const admin = await signedIn(t, 'admin');
    const res = await admin.client.post('/api/create-invoice-link', {
      email: 'Client@Example.com',
      customerName: 'Jo Client',
    });
    expect(res.status).toBe(200);
    const url = new URL(res.json.url);
    expect(url.origin).toBe('https://buy.stripe.test');
    expect(url.searchParams.get('prefilled_email')).toBe('client@example.com');
    const [call] = fake.calls('POST', '/v1/payment_links');
    expect(call.body.line_items).toEqual([{ price: 'price_p3', quantity: '1' }]);
    expect(call.body.metadata).toEqual({
      email: 'client@example.com',
      customerName: 'Jo Client',
      pricingTier: 'phase3',
    });

    await admin.client.post('/api/create-invoice-link', {
      email: 'b@example.com',
      customerName: 'B',
      pricingTier: 'phase2',
    });
    expect(fake.calls('POST', '/v1/payment_links')[1].body.line_items[0].price).toBe('price_p2');
  });

  it('refuses an unknown tier and missing fields with 400', async () => {
    const admin = await signedIn(t, 'admin');
    const unknown = await admin.client.post('/api/create-invoice-link', {
      email: 'a@example.com',
      customerName: 'A',
      pricingTier: 'gold',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown pricing tier "gold". Configured tiers: phase3, phase2.');
    expect((await admin.client.post('/api/create-invoice-link', { email: 'a@example.com' })).status).toBe(400);
    expect((await admin.client.post('/api/create-invoice-link', { email: 'nope', customerName: 'A' })).status).toBe(
      400,
    );
    expect(fake.calls('POST', '/v1/payment_links')).toHaveLength(0);
  });
});
