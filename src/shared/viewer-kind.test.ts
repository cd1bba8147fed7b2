import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './schemas/auth';
import { viewerKind } from './viewer-kind';

const ann: CurrentUser = {
  id: 7,
  email: 'ann@example.com',
  role: 'member',
  isSubscribed: true,
  hasMemberAccess: true,
  subscriptionType: 'premium',
  subscriptionStatus: 'active',
  subscriptionStartDate: '2026-11-01T08:00:00.000Z',
  subscriptionEndDate: '2026-12-01T08:00:00.000Z',
  cancelAtPeriodEnd: true,
  emailOptOut: true,
  emailPausedUntil: '2026-12-24T00:00:00.000Z',
  oddsFormat: 'fractional',
  paymentFailedAt: '2026-11-20T08:00:00.000Z',
  graceUntil: '2026-11-27T08:00:00.000Z',
};

describe('a viewer’s kind', () => {
  it('keeps what a shared members’ page may show and nothing of who the member is', () => {
    const kind = viewerKind(ann);
    expect(kind).toEqual({
      id: 0,
      email: '',
      role: 'member',
      isSubscribed: true,
      hasMemberAccess: true,
      subscriptionType: 'premium',
      subscriptionStatus: 'active',
      subscriptionStartDate: null,
      subscriptionEndDate: null,
      cancelAtPeriodEnd: false,
      emailOptOut: false,
      emailPausedUntil: null,
      oddsFormat: 'fractional',
      paymentFailedAt: null,
      graceUntil: null,
    });
    expect(JSON.stringify(kind)).not.toMatch(/ann|2026|\b7\b/);
  });

  it('is the same for two members who differ only in who they are, and differs by role or odds format', () => {
    const bob: CurrentUser = {
      ...ann,
      id: 9,
      email: 'bob@example.com',
      subscriptionEndDate: null,
      cancelAtPeriodEnd: false,
    };
    expect(viewerKind(bob)).toEqual(viewerKind(ann));
    expect(viewerKind({ ...ann, oddsFormat: 'decimal' })).not.toEqual(viewerKind(ann));
    expect(viewerKind({ ...ann, role: 'admin' })).not.toEqual(viewerKind(ann));
    expect(viewerKind({ ...ann, hasMemberAccess: false, isSubscribed: false })).not.toEqual(viewerKind(ann));
  });
});
