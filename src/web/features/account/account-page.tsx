import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountTypeLabel } from '#shared/subscription';
import { PageHeader } from '#web/components/page-header';
import { MemberAccessRequired } from '#web/components/member-gate';
import { PageSkeleton } from '#web/components/page-skeleton';
import { Tabs } from '#web/components/ui/tabs';
import { AlertsCard } from '../alerts/alerts-card';
import { useAuth } from '../auth/api';
import { EmailPreferenceCard } from '../auth/email-preference-card';
import { OddsFormatCard } from '../odds-preference/odds-format-card';
import { ChangePasswordTab } from './change-password-tab';
import { EmailPauseCard } from './email-pause-card';
import { SubscriptionTab } from './subscription-tab';
import { YourDataCard } from './your-data-card';
import { WatchlistCard } from '../watchlist/watchlist-card';

export function AccountPage() {
  const { user, isLoading } = useAuth();
  // ?tab=subscription opens that tab (where payment success sends a buyer who has an account).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get('tab') === 'subscription' ? 'subscription' : 'password'));
  if (isLoading) return <PageSkeleton />;
  if (!user) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <MemberAccessRequired feature="your account" />
      </div>
    );
  }
  const accountType = accountTypeLabel(user);
  return (
    <>
      <PageHeader title="My Account" subtitle={user.email}>
        <p className="mt-1 text-sm text-navy-200">
          Account type: {accountType.label}
          {accountType.offerSubscription && (
            <>
              {' · '}
              <Link
                to="/subscribe"
                className="font-semibold text-gold-300 underline underline-offset-4 hover:text-white"
              >
                Subscribe for the members’ area
              </Link>
            </>
          )}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Tabs
          label="Account settings"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'password', label: 'Change Password', content: <ChangePasswordTab /> },
            { value: 'subscription', label: 'Subscription', content: <SubscriptionTab user={user} /> },
          ]}
        />
        <EmailPreferenceCard user={user} />
        <EmailPauseCard user={user} />
        <OddsFormatCard user={user} />
        <WatchlistCard user={user} />
        <AlertsCard />
        <p className="mt-6 text-sm">
          <Link to="/my-bets" className="font-semibold text-navy-900 underline underline-offset-4">
            My Bets: your own bet log, profit and loss
          </Link>
        </p>
        <YourDataCard user={user} />
      </div>
    </>
  );
}
