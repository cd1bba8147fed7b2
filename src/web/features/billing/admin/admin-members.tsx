import { useDeferredValue, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { addDays, londonDate } from '#shared/london-time';
import { useWatch } from 'react-hook-form';
import { grantBody, type GrantBody, type MemberRow, type MembersResponse } from '#shared/schemas/billing';
import { subscriptionTypeLabel } from '#shared/subscription';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field, Input, Label } from '#web/components/ui/input';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm, type SchemaForm } from '#web/lib/schema-form';
import { useGrantMembership, useMembers, useRevokeMembership } from '../api';
import { MemberListItem, STATUS_LABELS } from './member-row';
import { RefundDialog, type RefundTarget } from './refund-dialog';

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

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

interface MemberFilter {
  search: string;
  status: string;
  type: string;
}

/** Admin Members section: find a member by e-mail, filter by status and type, grant or revoke family and annual special access, refund a payment. */
export function AdminMembers() {
  const [filter, setFilter] = useState<MemberFilter>({ search: '', status: '', type: '' });
  const deferredSearch = useDeferredValue(filter.search);
  const members = useMembers({ ...filter, search: deferredSearch });
  const [granting, setGranting] = useState<MemberRow | null>(null);
  // Checked with the body the grant route parses.
  const grantForm = useSchemaForm(grantBody, { type: 'family', endDate: '' });
  const [revoking, setRevoking] = useState<MemberRow | null>(null);
  const [refunding, setRefunding] = useState<(RefundTarget & { action: number }) | null>(null);
  const openRefund = (member: MemberRow, checkoutId: string | null = null) =>
    setRefunding({ member, checkoutId, action: Date.now() });

  function openGrant(member: MemberRow) {
    setGranting(member);
    grantForm.reset({ type: 'family', endDate: addDays(londonDate(new Date()), 365) });
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
        <MemberFilters filter={filter} onChange={setFilter} />
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
          {(found) => (
            <MemberList
              found={found}
              onGrant={openGrant}
              onRevoke={setRevoking}
              onRefund={(member, checkoutId) => openRefund(member, checkoutId)}
            />
          )}
        </QueryView>
      </CardContent>

      <GrantDialog member={granting} form={grantForm} onClose={() => setGranting(null)} />
      {refunding && <RefundDialog key={refunding.action} target={refunding} onClose={() => setRefunding(null)} />}
      <RevokeDialog member={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

/** Search by e-mail, and the status and type filters. */
function MemberFilters({ filter, onChange }: { filter: MemberFilter; onChange: (next: MemberFilter) => void }) {
  const ids = { search: useId(), status: useId(), type: useId() };
  return (
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
            value={filter.search}
            onChange={(e) => onChange({ ...filter, search: e.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.status}>Status</Label>
        <select
          id={ids.status}
          className={selectClass}
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value })}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.type}>Type</Label>
        <select
          id={ids.type}
          className={selectClass}
          value={filter.type}
          onChange={(e) => onChange({ ...filter, type: e.target.value })}
        >
          {TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The members found: how many, the column headings on wide screens, one row each. */
function MemberList({
  found: { members, total, truncated },
  onGrant,
  onRevoke,
  onRefund,
}: {
  found: MembersResponse;
  onGrant: (member: MemberRow) => void;
  onRevoke: (member: MemberRow) => void;
  onRefund: (member: MemberRow, checkoutId?: string) => void;
}) {
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total} {total === 1 ? 'account' : 'accounts'}
        {truncated ? ` (showing the first ${members.length})` : ''}
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
        {members.map((m) => (
          <MemberListItem
            key={m.id}
            member={m}
            onGrant={() => onGrant(m)}
            onRevoke={() => onRevoke(m)}
            onRefund={(checkoutId) => onRefund(m, checkoutId)}
          />
        ))}
      </ul>
    </>
  );
}

/** Granting Lifetime Family Access or Annual (Special) to the day chosen. */
function GrantDialog({
  member,
  form,
  onClose,
}: {
  member: MemberRow | null;
  form: SchemaForm<typeof grantBody>;
  onClose: () => void;
}) {
  const typeId = useId();
  const grant = useGrantMembership();
  const grantType = useWatch({ control: form.control, name: 'type' });

  function onGrant({ type, endDate }: GrantBody) {
    if (!member) return;
    grant.mutate(
      { id: member.id, type, endDate: type === 'annual_special' ? endDate : undefined },
      {
        onSuccess: (result) => {
          onClose();
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

  return (
    <ConfirmDialog
      open={!!member}
      title={`Grant access to ${member?.email ?? ''}`}
      description="Lifetime Family Access has no end; Annual (Special) runs to the day chosen."
      confirmLabel="Grant access"
      busyLabel="Granting..."
      busy={grant.isPending}
      onConfirm={() => void form.handleSubmit(onGrant)()}
      onCancel={onClose}
    >
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={typeId}>Type</Label>
          <select id={typeId} className={selectClass} {...form.register('type')}>
            <option value="family">Lifetime Family Access</option>
            <option value="annual_special">Annual (Special)</option>
          </select>
        </div>
        {grantType === 'annual_special' && (
          <Field
            label="Expires on"
            type="date"
            required
            {...form.register('endDate')}
            error={form.formState.errors.endDate?.message}
            hint="Access runs to the end of this day (UK time)."
          />
        )}
      </div>
    </ConfirmDialog>
  );
}

/** Taking granted access away, confirmed first. */
function RevokeDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const revoke = useRevokeMembership();

  function onRevoke() {
    if (!member) return;
    revoke.mutate(member.id, {
      onSuccess: (result) => {
        onClose();
        toast({ title: 'Access revoked', description: result.message });
      },
      onError: (err) => {
        onClose();
        toast({
          title: 'Revoke failed',
          description: errorMessage(err, 'Unable to revoke access'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <ConfirmDialog
      open={!!member}
      title="Revoke access?"
      description={`${member?.email ?? ''} loses ${member ? subscriptionTypeLabel(member.type) : ''} and members' features at once.`}
      confirmLabel="Revoke access"
      busyLabel="Revoking..."
      busy={revoke.isPending}
      destructive
      onConfirm={onRevoke}
      onCancel={onClose}
    />
  );
}
