import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Crown, Lock, LogIn } from 'lucide-react';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { useAuth } from '../features/auth/api';
import { Button, ButtonLink } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { PageSkeleton } from './page-skeleton';

/** Banner on members-only pages for signed-out visitors. */
export function SignedOutBanner() {
  return (
    <div role="region" aria-label="Members-only content" className="border-b border-gold-300 bg-gold-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm text-navy-900 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <Lock className="mr-1.5 inline h-4 w-4 align-[-2px] text-gold-700" aria-hidden="true" />
          <strong>Sign in for full access</strong> to this members-only page. Not a member yet? You can sign up today.
        </p>
        <ButtonLink to="/subscribe" variant="gold" size="sm" className="self-start sm:self-auto">
          Subscribe
        </ButtonLink>
      </div>
    </div>
  );
}

/** "Member Access Required" with a Sign In button that comes back here afterwards (DESIGN decision 8). */
export function MemberAccessRequired({ feature, headingAs = 'h1' }: { feature: string; headingAs?: 'h1' | 'h2' }) {
  const navigate = useNavigate();
  const location = useLocation();
  const next = `${location.pathname}${location.search}${location.hash}`;
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">
          <Lock className="h-6 w-6" aria-hidden="true" />
        </span>
        <CardTitle as={headingAs}>Member Access Required</CardTitle>
        <CardDescription>Please sign in to access {feature}.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <Button onClick={() => void navigate(`/login?next=${encodeURIComponent(next)}`)} className="w-full sm:w-auto">
          <LogIn className="h-4 w-4" aria-hidden="true" />
          Sign In
        </Button>
        <p className="text-sm text-slate-600">
          Not a member?{' '}
          <Link to="/subscribe" className="font-semibold text-navy-700 underline underline-offset-4">
            Subscribe for £{PRICE_MONTHLY_GBP}/month
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** For a signed-in account without an active subscription (DESIGN decision 3). */
export function SubscriptionRequired({ feature, headingAs = 'h1' }: { feature: string; headingAs?: 'h1' | 'h2' }) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-gold-400 text-navy-950">
          <Crown className="h-6 w-6" aria-hidden="true" />
        </span>
        <CardTitle as={headingAs}>Subscription required</CardTitle>
        <CardDescription>
          Your account does not have an active membership. Subscribe to unlock {feature} and every members’ feature.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-2">
        <ButtonLink to="/subscribe" variant="gold" className="w-full sm:w-auto">
          Subscribe £{PRICE_MONTHLY_GBP}/month
        </ButtonLink>
        <p className="text-xs text-slate-600">Cancel anytime • 7-day money-back guarantee</p>
      </CardContent>
    </Card>
  );
}

/** The signed-out view of a members-only page: the banner above and the gate in the page. */
export function SignedOutGate({ feature }: { feature: string }) {
  return (
    <>
      <SignedOutBanner />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
        <MemberAccessRequired feature={feature} />
      </div>
    </>
  );
}

export interface MemberGateProps {
  /** Words that finish "Please sign in to access …", e.g. "golf analysis". */
  feature: string;
  /** false: any signed-in account passes (e.g. /my-account); true (default): member access needed. */
  requireMembership?: boolean;
  children: ReactNode;
}

/**
 * Shows children only to those allowed: signed out → banner + "Member Access Required";
 * signed in without member access → "Subscription required". The server still decides what data
 * is sent; this only decides what is shown.
 */
export function MemberGate({ feature, requireMembership = true, children }: MemberGateProps) {
  const { user, isLoading, hasMemberAccess } = useAuth();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <SignedOutGate feature={feature} />;
  if (requireMembership && !hasMemberAccess) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
        <SubscriptionRequired feature={feature} />
      </div>
    );
  }
  return <>{children}</>;
}
