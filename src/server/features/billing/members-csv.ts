import { MEMBER_STATE_LABELS } from '#shared/business-figures';
import { toCsv } from '#shared/csv';
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

const iso = (d: Date | null) => d?.toISOString() ?? '';

/**
 * GET /api/admin/members.csv: one row per member account (as the figures count them), times in
 * ISO 8601 UTC, prices in pounds. Every cell goes through the spreadsheet guard (src/shared/csv.ts):
 * an address or a terms version is the member's own text.
 */
export async function membersCsv(ctx: AppContext): Promise<string> {
  const rows = (await memberAccounts(ctx)).map(({ user, state, monthlyPricePence, plan, startNowAcknowledgedAt }) => [
    user.email,
    MEMBER_STATE_LABELS[state],
    user.subscriptionType ? subscriptionTypeLabel(user.subscriptionType) : '',
    plan ?? '',
    iso(user.subscriptionStartDate),
    user.subscriptionType === 'family' ? '' : iso(user.subscriptionEndDate),
    monthlyPricePence === null ? '' : (monthlyPricePence / 100).toFixed(2),
    iso(user.ageConfirmedAt),
    iso(user.termsAcceptedAt),
    user.termsVersion ?? '',
    iso(startNowAcknowledgedAt),
    iso(user.createdAt),
  ]);
  return toCsv([HEADER, ...rows]);
}
