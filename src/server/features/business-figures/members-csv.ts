import { MEMBER_STATE_LABELS } from '#shared/business-figures';
import { toCsv } from '#shared/csv';
import { londonClock, londonDate } from '#shared/london-time';
import { subscriptionTypeLabel } from '#shared/subscription';
import type { AppContext } from '#server/context';
import { memberAccounts } from './member-accounts';

const HEADER = [
  'Email',
  'State',
  'Type',
  'Plan',
  'Start',
  'End',
  'Monthly price (£)',
  'Age confirmed',
  'Terms accepted',
  'Terms version',
  'Immediate start acknowledged',
  'Account created',
];

/** A membership's dates as London days (YYYY-MM-DD), as a spreadsheet reads them. */
const day = (d: Date | null) => (d ? londonDate(d) : '');
/** A consent's moment as London date and wall-clock time (YYYY-MM-DD HH:MM). */
const moment = (d: Date | null) => (d ? `${londonDate(d)} ${londonClock(d)}` : '');

/**
 * GET /api/admin/members.csv: one row per member account (as the figures count them), dates as
 * London days, consent times as London date and time, prices in pounds. Every cell goes through the spreadsheet guard (src/shared/csv.ts):
 * an address or a terms version is the member's own text.
 */
export async function membersCsv(ctx: AppContext): Promise<string> {
  const rows = (await memberAccounts(ctx)).map(({ user, state, monthlyPricePence, plan, startNowAcknowledgedAt }) => [
    user.email,
    MEMBER_STATE_LABELS[state],
    user.subscriptionType ? subscriptionTypeLabel(user.subscriptionType) : '',
    plan ?? '',
    day(user.subscriptionStartDate),
    user.subscriptionType === 'family' ? '' : day(user.subscriptionEndDate),
    monthlyPricePence === null ? '' : (monthlyPricePence / 100).toFixed(2),
    moment(user.ageConfirmedAt),
    moment(user.termsAcceptedAt),
    user.termsVersion ?? '',
    moment(startNowAcknowledgedAt),
    day(user.createdAt),
  ]);
  return toCsv([HEADER, ...rows]);
}
