import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { formatLongDay, londonDate } from '#shared/london-time';
import { raceLabel, settleBody, TYPE_LABELS, type TipRecord } from '#shared/schemas/performance';
import { formatPoints, TIP_RESULTS, type TipResult } from '#shared/tip-stats';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useDeleteTip, useSettleTip } from '../api';
import { EditTipDialog } from './edit-tip-dialog';
import { TypeBadge } from './type-badge';

const ROW_TONES: Record<TipResult | 'pending', string> = {
  WON: 'bg-green-50',
  LOST: 'bg-red-50',
  PLACED: 'bg-red-50',
  NR: 'bg-slate-50',
  pending: 'bg-yellow-50',
};

const RESULT_TEXT: Record<TipResult | 'pending', string> = {
  WON: 'text-green-800',
  LOST: 'text-red-800',
  PLACED: 'text-red-800',
  NR: 'text-slate-700',
  pending: 'text-yellow-900',
};

/** "30 November 2026": the London day of an ISO instant. */
const londonDay = (iso: string) => formatLongDay(londonDate(new Date(iso)), false);

/** The tip in one phrase, for the delete confirmation: what exactly goes. */
function describeTip(record: TipRecord) {
  const race = raceLabel(record);
  const details = [race, record.advisedOdds].filter(Boolean).join(', ');
  return `the pending ${TYPE_LABELS[record.selectionType]} ${record.selectionName}${details ? ` (${details})` : ''} for ${formatLongDay(record.raceDate)}`;
}

/** One tip of the history: what was advised, how it ended, settling it and (while pending) editing or deleting it. */
export function HistoryRow({ record }: { record: TipRecord }) {
  const state = record.result ?? 'pending';
  return (
    <tr className={cn('border-b border-slate-200 align-middle', ROW_TONES[state])} data-testid={`tip-row-${record.id}`}>
      <td className="whitespace-nowrap px-3 py-2">{record.raceDate}</td>
      <th scope="row" className="px-3 py-2 font-semibold text-navy-900">
        {record.selectionName}
      </th>
      <td className="px-3 py-2">
        <TypeBadge type={record.selectionType} />
      </td>
      <td className="px-3 py-2">{raceLabel(record) || '—'}</td>
      <td className="px-3 py-2">
        {record.advisedOdds || '—'}
        {record.correctedOdds && (
          <>
            <span className="sr-only">, </span>
            <span className="block whitespace-nowrap text-xs text-slate-700">corrected to {record.correctedOdds}</span>
          </>
        )}
      </td>
      <td className={cn('px-3 py-2 font-bold', RESULT_TEXT[state])}>
        {record.result ?? 'Pending'}
        {record.startingPrice && (
          <span className="block text-xs font-normal text-slate-700">SP {record.startingPrice}</span>
        )}
        {record.result && record.correctedAt && (
          <span className="block text-xs font-normal text-slate-700">Corrected {londonDay(record.correctedAt)}</span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
        {record.profitLoss === null ? '—' : formatPoints(record.profitLoss)}
      </td>
      <td className="px-3 py-2">
        <SettleForm record={record} />
      </td>
      <td className="px-3 py-2">
        {record.result ? (
          // A settled tip stays on the proofed record: it is corrected through Settle, never edited or deleted.
          <span className="text-xs text-slate-600">Settled</span>
        ) : (
          <PendingTipActions record={record} />
        )}
      </td>
    </tr>
  );
}

/** The result and starting price of a tip: settling it, or correcting a settled one. */
function SettleForm({ record }: { record: TipRecord }) {
  const form = useSchemaForm(settleBody, { result: record.result ?? 'WON', startingPrice: record.startingPrice ?? '' });
  const spError = form.formState.errors.startingPrice?.message;
  const settle = useSettleTip();
  const name = record.selectionName;

  const submit = form.handleSubmit(({ result, startingPrice }) => {
    settle.mutate(
      { id: record.id, result, startingPrice: startingPrice || undefined },
      {
        onSuccess: (r) => toast({ title: 'Tip Settled', description: r.message }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Settle Failed',
            description: errorMessage(err, 'Could not settle the tip'),
          }),
      },
    );
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="flex items-center gap-2">
      <Label className="sr-only" htmlFor={`result-${record.id}`}>
        Result for {name}
      </Label>
      <select
        id={`result-${record.id}`}
        {...form.register('result')}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm sm:min-h-9"
      >
        {TIP_RESULTS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <Label className="sr-only" htmlFor={`sp-${record.id}`}>
        Starting price for {name}
      </Label>
      <div className="grid gap-1">
        <Input
          id={`sp-${record.id}`}
          {...form.register('startingPrice')}
          placeholder="SP"
          className="min-h-11 w-20 sm:min-h-9"
          autoComplete="off"
          aria-invalid={spError ? true : undefined}
          aria-describedby={spError ? `sp-${record.id}-error` : undefined}
        />
        {spError && <FieldError id={`sp-${record.id}-error`}>{spError}</FieldError>}
      </div>
      <Button
        type="submit"
        size="sm"
        variant={record.result ? 'outline' : 'primary'}
        disabled={settle.isPending}
        aria-label={`${record.result ? 'Correct' : 'Settle'} ${name}`}
      >
        {record.result ? 'Correct' : 'Settle'}
      </Button>
    </form>
  );
}

/** Editing or deleting a tip not settled yet (deleting confirmed first, naming the tip). */
function PendingTipActions({ record }: { record: TipRecord }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteTip();
  const name = record.selectionName;

  function confirmDelete() {
    remove.mutate(record.id, {
      onSuccess: (r) => toast({ title: 'Tip Deleted', description: r.message }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: errorMessage(err, 'Could not delete the tip'),
        }),
      onSettled: () => setDeleting(false),
    });
  }

  return (
    <div className="flex items-center gap-1">
      <Button size="icon" variant="outline" aria-label={`Edit ${name}`} title="Edit" onClick={() => setEditing(true)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="outline"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={() => setDeleting(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
      {editing && <EditTipDialog record={record} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${name}?`}
        description={`This deletes ${describeTip(record)} from the tipping record: it will not be settled or counted on the proofed results. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </div>
  );
}
