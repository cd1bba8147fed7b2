import { useDeferredValue, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { addDays, londonDate } from '#shared/london-time';
import { useWatch } from 'react-hook-form';
import { grantBody, type GrantBody, type MemberRow } from '#shared/schemas/billing';
import { subscriptionTypeLabel } from '#shared/subscription';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field, Input, Label } from '#web/components/ui/input';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { formatLongDate } from '#web/lib/dates';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useGrantMembership, useMembers, useRevokeMembership } from '../api';
import { RefundDialog, type RefundTarget } from './refund-dialog';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  expired: 'Expired',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  none: 'No subscription',
};

/** The filters' choices: each status and type by the name the list shows it with. */
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...['active', 'past_due', 'expired', 'canceled', 'none'].map((value) => ({ value, label: STATUS_LABELS[value] })),
];

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...['premium', 'annual', 'annual_special', 'family'].map((value) => ({ value, label: subscriptionTypeLabel(value) })),
  { value: 'none', label: 'None' },
];

/** "Payment failed (grace until 27 November 2026)": a renewal being retried, and how long access lasts. */
function statusText(m: MemberRow): string {
  if (m.paymentFailedAt)
    return `Payment failed (grace ${m.hasAccess ? 'until' : 'ended'} ${formatLongDate(m.graceUntil) ?? ''})`;
  return STATUS_LABELS[m.status] ?? m.status;
}

/** A paid plan (monthly or annual) or a duplicate payment: something the admin may refund. */
const mayRefund = (m: MemberRow) => m.type === 'premium' || m.type === 'annual' || m.duplicatePayments.length > 0;

const statusTone = (m: MemberRow) =>
  m.paymentFailedAt && m.hasAccess
    ? 'bg-amber-100 text-amber-950'
    : m.hasAccess
      ? 'bg-emerald-100 text-emerald-900'
      : m.status === 'none'
        ? 'bg-slate-100 text-slate-700'
        : 'bg-red-100 text-red-900';

function dateText(m: MemberRow): string {
  if (m.type === 'family' && m.hasAccess) return 'Lifetime';
  const date = formatLongDate(m.endDate);
  if (!date) return '—';
  if (!m.hasAccess) return `Ended ${date}`;
  if (m.type === 'annual_special' || m.cancelAtPeriodEnd) return `Expires ${date}`;
  return `Renews ${date}`;
}

const pounds = (pence: number | null) => (pence == null ? 'A payment' : `£${(pence / 100).toFixed(2)}`);

/** Decision 0018: a payment made while the account was already subscribed; its subscription was cancelled at once. Cleared once refunded in full. */
function RefundDue({ member, onRefund }: { member: MemberRow; onRefund: (checkoutId: string) => void }) {
  if (!member.duplicatePayments.length) return null;
  return (
    <div className="mt-1.5 rounded-md border border-amber-400 bg-amber-50 px-2 py-1.5 text-xs text-amber-950">
      <p className="font-bold">Refund due</p>
      <ul className="grid gap-1">
        {member.duplicatePayments.map((p) => (
          <li key={p.checkoutId}>
            {pounds(p.amountPence)} paid {formatLongDate(p.paidAt) ?? ''} while already subscribed; that second
            subscription was cancelled at once.
            {p.refundedPence > 0 && ` ${pounds(p.refundedPence)} refunded so far.`}{' '}
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => onRefund(p.checkoutId)}
            >
              Refund this payment
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

/** Admin Members section: find a member by e-mail, filter by status and type, grant or revoke family and annual special access, refund a payment. */
export function AdminMembers() {
  const ids = { search: useId(), status: useId(), type: useId(), grantType: useId() };
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const deferredSearch = useDeferredValue(search);
  const members = useMembers({ search: deferredSearch, status, type });
  const grant = useGrantMembership();
  const revoke = useRevokeMembership();

  const [granting, setGranting] = useState<MemberRow | null>(null);
  // Checked with the body the grant route parses.
  const grantForm = useSchemaForm(grantBody, { type: 'family', endDate: '' });
  const grantType = useWatch({ control: grantForm.control, name: 'type' });
  const endDateError = grantForm.formState.errors.endDate?.message;
  const [revoking, setRevoking] = useState<MemberRow | null>(null);
  const [refunding, setRefunding] = useState<(RefundTarget & { action: number }) | null>(null);
  const openRefund = (member: MemberRow, checkoutId: string | null = null) =>
    setRefunding({ member, checkoutId, action: Date.now() });

  function openGrant(member: MemberRow) {
    setGranting(member);
    grantForm.reset({ type: 'family', endDate: addDays(londonDate(new Date()), 365) });
  }

  function onGrant({ type, endDate }: GrantBody) {
    if (!granting) return;
    grant.mutate(
      { id: granting.id, type, endDate: type === 'annual_special' ? endDate : undefined },
      {
        onSuccess: (result) => {
          setGranting(null);
          toast({ title: 'Access granted', description: result.message });
        },
        onError: (err) =>
          toast({
            title: 'Grant failed',
            description: errorMessage(err, 'Unable to grant access'),
            variant: 'destructive',
          }),
      },
    );
  }

  function onRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: (result) => {
        setRevoking(null);
        toast({ title: 'Access revoked', description: result.message });
      },
      onError: (err) => {
        setRevoking(null);
        toast({
          title: 'Revoke failed',
          description: errorMessage(err, 'Unable to revoke access'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          Monthly subscriptions are managed through the payment provider; Lifetime Family Access and Annual (Special)
          are granted and revoked here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.search}>Search by email</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id={ids.search}
                type="search"
                className="pl-9"
                placeholder="name@example.com"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.status}>Status</Label>
            <select id={ids.status} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value)}>
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.type}>Type</Label>
            <select id={ids.type} className={selectClass} value={type} onChange={(e) => setType(e.target.value)}>
              {TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <QueryView
          query={members}
          loading={
            <div className="grid gap-2" role="status" aria-live="polite">
              <span className="sr-only">Loading...</span>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          }
          errorText="Could not load the members."
          errorClassName="text-red-700"
          isEmpty={(data) => data.members.length === 0}
          empty={<p className="text-slate-700">No members match these filters.</p>}
        >
          {({ members: list, total, truncated }) => (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {total} {total === 1 ? 'account' : 'accounts'}
                {truncated ? ` (showing the first ${list.length})` : ''}
              </p>
              {/* Column headings on wide screens; on a phone each value carries its own label. */}
              <div
                aria-hidden="true"
                className="hidden px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:grid-cols-[2fr_1fr_1.2fr_1.4fr_auto] md:gap-4"
              >
                <span>Account</span>
                <span>Status</span>
                <span>Subscription</span>
                <span>Dates</span>
                <span className="text-right">Actions</span>
              </div>
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {list.map((m) => {
                  const granted = m.type === 'family' || m.type === 'annual_special';
                  return (
                    <li
                      key={m.id}
                      className="grid gap-2 p-3 md:grid-cols-[2fr_1fr_1.2fr_1.4fr_auto] md:items-center md:gap-4"
                    >
                      <div className="min-w-0">
                        <p className="font-semibold break-all text-navy-900">{m.email}</p>
                        {m.role === 'admin' && <p className="text-xs text-slate-600">Administrator</p>}
                        <RefundDue member={m} onRefund={(checkoutId) => openRefund(m, checkoutId)} />
                      </div>
                      <div>
                        <span
                          className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', statusTone(m))}
                        >
                          {statusText(m)}
                        </span>
                      </div>
                      <p className="text-sm text-slate-800">
                        <span className="text-slate-600 md:sr-only">Subscription: </span>
                        {m.type ? subscriptionTypeLabel(m.type) : 'None'}
                      </p>
                      <p className="text-sm text-slate-800">
                        {dateText(m)}
                        {m.cancelAtPeriodEnd && m.hasAccess && (
                          <span className="block text-xs text-slate-600">Cancelled at period end</span>
                        )}
                      </p>
                      <div className="flex flex-wrap gap-2 md:justify-end">
                        <Button size="sm" variant="outline" onClick={() => openGrant(m)}>
                          Grant
                        </Button>
                        {granted && m.hasAccess && (
                          <Button size="sm" variant="destructive" onClick={() => setRevoking(m)}>
                            Revoke
                          </Button>
                        )}
                        {mayRefund(m) && (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => openRefund(m)}
                            aria-label={`Refund ${m.email}`}
                          >
                            Refund
                          </Button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </QueryView>
      </CardContent>

      <ConfirmDialog
        open={!!granting}
        title={`Grant access to ${granting?.email ?? ''}`}
        description="Lifetime Family Access has no end; Annual (Special) runs to the day chosen."
        confirmLabel="Grant access"
        busyLabel="Granting..."
        busy={grant.isPending}
        onConfirm={() => void grantForm.handleSubmit(onGrant)()}
        onCancel={() => setGranting(null)}
      >
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.grantType}>Type</Label>
            <select id={ids.grantType} className={selectClass} {...grantForm.register('type')}>
              <option value="family">Lifetime Family Access</option>
              <option value="annual_special">Annual (Special)</option>
            </select>
          </div>
          {grantType === 'annual_special' && (
            <Field
              label="Expires on"
              type="date"
              required
              {...grantForm.register('endDate')}
              error={endDateError}
              hint="Access runs to the end of this day (UK time)."
            />
          )}
        </div>
      </ConfirmDialog>
      {refunding && <RefundDialog key={refunding.action} target={refunding} onClose={() => setRefunding(null)} />}
      <ConfirmDialog
        open={!!revoking}
        title="Revoke access?"
        description={`${revoking?.email ?? ''} loses ${revoking ? subscriptionTypeLabel(revoking.type) : ''} and members' features at once.`}
        confirmLabel="Revoke access"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        destructive
        onConfirm={onRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
