import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailPauseEnd, emailPauseMessage, isEmailPaused, receivesMemberMail } from './email-pause';
import { emailPauseBody, emailPauseForm } from './schemas/account';

const NOW = new Date('2026-11-22T09:00:00Z'); // Sunday 22 November 2026, 09:00 in London (GMT)

describe('emailPauseEnd', () => {
  it('ends a pause of N days as the London day N days on begins', () => {
    expect(emailPauseEnd({ days: 7 }, NOW)!.toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(emailPauseEnd({ days: 180 }, NOW)!.toISOString()).toBe('2027-05-20T23:00:00.000Z'); // 00:00 BST on 21 May
  });
  it('ends a pause to a date as that London day begins; today, the past and more than a year on are refused', () => {
    expect(emailPauseEnd({ until: '2026-12-25' }, NOW)!.toISOString()).toBe('2026-12-25T00:00:00.000Z');
    expect(emailPauseEnd({ until: '2026-11-23' }, NOW)!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(emailPauseEnd({ until: '2026-11-22' }, NOW)).toBeNull();
    expect(emailPauseEnd({ until: '2026-01-01' }, NOW)).toBeNull();
    expect(emailPauseEnd({ until: '2027-11-22' }, NOW)).not.toBeNull();
    expect(emailPauseEnd({ until: '2027-11-23' }, NOW)).toBeNull();
  });
  it('says which day member e-mails start again', () => {
    expect(emailPauseMessage(new Date('2026-11-29T00:00:00Z'))).toBe(
      'Member e-mails are paused. They start again on Sunday 29 November 2026.',
    );
    expect(emailPauseMessage(null)).toBe('Member e-mails are on again.');
  });
});

describe('receivesMemberMail', () => {
  const member = {
    role: 'member',
    subscriptionStatus: 'active',
    subscriptionType: 'premium',
    subscriptionEndDate: new Date('2026-12-20T00:00:00Z'),
    emailOptOut: false,
    emailPausedUntil: null as Date | null,
  };
  it('needs access, no opt-out and no pause running', () => {
    expect(receivesMemberMail(member, NOW)).toBe(true);
    expect(receivesMemberMail({ ...member, emailOptOut: true }, NOW)).toBe(false);
    expect(receivesMemberMail({ ...member, emailPausedUntil: new Date('2026-11-29T00:00:00Z') }, NOW)).toBe(false);
    expect(receivesMemberMail({ ...member, emailPausedUntil: NOW }, NOW)).toBe(true); // over at that instant
    expect(
      receivesMemberMail(
        { ...member, subscriptionStatus: 'none', subscriptionType: null, subscriptionEndDate: null },
        NOW,
      ),
    ).toBe(false);
    expect(isEmailPaused(new Date(NOW.getTime() + 1), NOW)).toBe(true);
    expect(isEmailPaused(null, NOW)).toBe(false);
  });
});

describe('emailPauseBody', () => {
  it('takes 7, 30, 90 or 180 days, or a date, and nothing else', () => {
    expect(emailPauseBody.parse({ days: 30 })).toEqual({ days: 30 });
    expect(emailPauseBody.parse({ until: ' 2026-12-25 ' })).toEqual({ until: '2026-12-25' });
    for (const bad of [
      {},
      { days: 14 },
      { days: '7' },
      { until: '25/12/2026' },
      { until: '2026-02-30' },
      { days: 7, until: '2026-12-25' },
      null,
      'x',
    ]) {
      const result = emailPauseBody.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0].message).toBe(
        'Choose a pause of 7, 30, 90 or 180 days, or a date to pause until.',
      );
    }
  });
});

describe('emailPauseForm', () => {
  beforeEach(() => void vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());
  const refusal = (v: object) => emailPauseForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('gives the body the server parses: the days chosen, or the date typed', () => {
    expect(emailPauseForm.parse({ choice: '30', until: '' })).toEqual({ days: 30 });
    expect(emailPauseForm.parse({ choice: 'date', until: '2026-12-25' })).toEqual({ until: '2026-12-25' });
  });
  it('refuses at the date field a date the server would refuse, in its words', () => {
    const dateMessage = [['until', 'Choose a date after today, within a year.']];
    for (const until of ['', '2026-02-30', '2026-11-22', '2027-11-23'])
      expect(refusal({ choice: 'date', until }), until).toEqual(dateMessage);
    expect(refusal({ choice: '14', until: '' })).toEqual([
      ['choice', 'Choose a pause of 7, 30, 90 or 180 days, or a date to pause until.'],
    ]);
  });
});
