import { useState } from 'react';
import type { CurrentUser } from '#shared/schemas/auth';
import { isLiveStatus, isPaidPlanType, subscriptionDateLabel, subscriptionTypeLabel } from '#shared/subscription';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { formatLongDate } from '#web/lib/dates';
import { errorMessage } from '#web/lib/request';
import { ManageBillingButton } from '../billing/manage-billing-button';
import { useCancelSubscription, useResumeSubscription } from './api';
import { CancelReasonFields, NO_REASON } from './cancel-reason';

/** Resumable here: a paid (monthly or annual) subscription set to end whose paid period has not ended yet (decision 0018). */
function canResume(user: CurrentUser): boolean {
  return user.isSubscribed && user.cancelAtPeriodEnd && isPaidPlanType(user.subscriptionType);
}

/** Cancellable here: a live paid subscription (monthly or annual) not already set to end. */
function canCancel(user: CurrentUser): boolean {
  if (!user.isSubscribed || user.cancelAtPeriodEnd) return false;
  if (user.subscriptionType && !isPaidPlanType(user.subscriptionType)) return false; // annual_special and family have nothing to cancel
  return isLiveStatus(user.subscriptionStatus);
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:justify-between">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-semibold text-navy-900">{value}</dd>
    </div>
  );
}

/** My Account's Subscription tab: the member's plan, and cancelling or resuming it. */
export function SubscriptionTab({ user }: { user: CurrentUser }) {
  const [confirming, setConfirming] = useState(false);
  const hasSubscription = user.isSubscribed || !!user.subscriptionType;
  // Once access has ended the date is in the past: neither a renewal nor a future expiry.
  const dateLabel = user.isSubscribed
    ? subscriptionDateLabel(user.subscriptionType, user.cancelAtPeriodEnd)
    : 'Expired';
  // Cards, invoices and receipts (Stripe's customer portal) for a paid plan; the local checkout says it has none.
  const showBilling = isPaidPlanType(user.subscriptionType);
  // A subscription that has lapsed (or was revoked) can be taken out again from here; one whose payment is being retried is fixed with a new card instead.
  const canResubscribe = !user.isSubscribed && !user.paymentFailedAt;

  if (!hasSubscription) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Subscription</CardTitle>
          <CardDescription>You don’t have an active subscription.</CardDescription>
        </CardHeader>
        <CardFooter>
          <SubscribeLink />
        </CardFooter>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <SubscriptionNotices user={user} />
      </CardHeader>
      <CardContent>
        <dl>
          <Row label="Subscription type" value={subscriptionTypeLabel(user.subscriptionType)} />
          <Row label="Status" value={user.isSubscribed ? 'Active' : 'Inactive'} />
          <Row label="Start date" value={formatLongDate(user.subscriptionStartDate) ?? '—'} />
          {/* Lifetime family access has no end and nothing to renew. */}
          {(user.subscriptionType !== 'family' || user.subscriptionEndDate) && (
            <Row label={dateLabel} value={formatLongDate(user.subscriptionEndDate) ?? '—'} />
          )}
        </dl>
      </CardContent>
      {(canCancel(user) || canResume(user) || showBilling || canResubscribe) && (
        <CardFooter>
          {canResume(user) && <ResumeButton />}
          {canResubscribe && <SubscribeLink />}
          {canCancel(user) && (
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
          )}
          {showBilling && <ManageBillingButton />}
        </CardFooter>
      )}
      <CancelDialog open={confirming} onClose={() => setConfirming(false)} />
    </Card>
  );
}

function SubscribeLink() {
  return (
    <ButtonLink to="/subscribe" variant="gold">
      Subscribe £{PRICE_MONTHLY_GBP}/month
    </ButtonLink>
  );
}

/** A payment being retried or failed for good, an ended subscription, or one set to end. */
function SubscriptionNotices({ user }: { user: CurrentUser }) {
  const updateCard =
    useConfig().paymentsProvider === 'stripe'
      ? 'update it with “Manage cards and receipts” below'
      : 'with the test checkout there is no card to update';
  return (
    <>
      {user.paymentFailedAt && (
        <p role="status" className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {user.isSubscribed
            ? `Your last payment did not go through. You keep access until ${formatLongDate(user.graceUntil) ?? 'the end of the grace period'} while we try your card again: ${updateCard}.`
            : `Your last payment did not go through and your grace period has ended: ${updateCard} to get access back.`}
        </p>
      )}
      {!user.isSubscribed ? (
        <CardDescription>Your subscription has ended. Subscribe again to get members’ features back.</CardDescription>
      ) : (
        user.cancelAtPeriodEnd && (
          <CardDescription>
            Your subscription has been cancelled; you keep access until the date below.
            {canResume(user) &&
              ' Changed your mind? Resume it before then and it renews as before, with nothing to pay now.'}
          </CardDescription>
        )
      )}
    </>
  );
}

function ResumeButton() {
  const resume = useResumeSubscription();
  function onResume() {
    resume.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Subscription resumed', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Resume failed',
          description: errorMessage(err, 'Unable to resume subscription', 'Unable to resume subscription'),
          variant: 'destructive',
        }),
    });
  }
  return (
    <Button variant="gold" onClick={onResume} disabled={resume.isPending}>
      {resume.isPending ? 'Resuming...' : 'Resume Subscription'}
    </Button>
  );
}

/** Cancelling at the period's end, confirmed, with the optional reason why. */
function CancelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [why, setWhy] = useState(NO_REASON);
  const cancel = useCancelSubscription();

  function onConfirm() {
    const comment = why.comment.trim();
    cancel.mutate(
      { ...(why.reason ? { reason: why.reason } : {}), ...(comment ? { comment } : {}) },
      {
        onSuccess: () => {
          onClose();
          setWhy(NO_REASON);
          toast({
            title: 'Subscription cancelled',
            description:
              "Your subscription has been cancelled. You'll retain access until the end of your billing period.",
          });
        },
        onError: (err) => {
          onClose();
          toast({
            title: 'Cancellation failed',
            description: errorMessage(err, 'Unable to cancel subscription', 'Unable to cancel subscription'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      title="Cancel your subscription?"
      description="You will keep access until the end of your current billing period, and lose access to members’ features after that."
      confirmLabel="Yes, cancel subscription"
      cancelLabel="Keep subscription"
      busyLabel="Cancelling..."
      busy={cancel.isPending}
      destructive
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      <CancelReasonFields value={why} onChange={setWhy} />
    </ConfirmDialog>
  );
}
