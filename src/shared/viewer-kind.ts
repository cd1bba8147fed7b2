import type { CurrentUser } from './schemas/auth';

/**
 * What a page the same for every member may show of the member it is rendered for: their kind
 * (role, membership, how they read odds), never who they are. Everything personal is blanked (id,
 * address, dates, e-mail settings, payment trouble): the members' pages that share a render show
 * none of it, and the page each member is sent carries their own answer beside it (decision 0052).
 */
export function viewerKind(user: CurrentUser): CurrentUser {
  return {
    id: 0,
    email: '',
    role: user.role,
    isSubscribed: user.isSubscribed,
    hasMemberAccess: user.hasMemberAccess,
    subscriptionType: user.subscriptionType,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    cancelAtPeriodEnd: false,
    emailOptOut: false,
    emailPausedUntil: null,
    oddsFormat: user.oddsFormat,
    paymentFailedAt: null,
    graceUntil: null,
  };
}
