import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatPounds } from '#shared/my-bets';
import {
  REFUND_NOTE_MAX,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundBody,
  type MemberRow,
  type RefundablePayment,
} from '#shared/schemas/billing';
import { Button } from '#web/components/ui/button';
import { Field, FieldError, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { ApiError, errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useRefund, useRefundablePayments } from '../api';

/** A fresh key per refund action: the server refunds once per key, however often it is sent. */
function newActionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

export interface RefundTarget {
  member: MemberRow;
  /** A duplicate payment's checkout ("Refund due"); null: the membership's latest payment. */
  checkoutId: string | null;
}

/** The refund form's state: the member's payments, the one chosen, the checked fields and the sending. */
function useRefundForm(target: RefundTarget, onClose: () => void) {
  const payments = useRefundablePayments(target.member.id);
  const refund = useRefund();
  const [key, setKey] = useState(newActionKey);
  const [paymentChoice, setPaymentChoice] = useState(target.checkoutId ?? '');
  // Checked with the body the server parses; which payment is chosen is the dialog's own state.
  const form = useSchemaForm(refundBody, {
    full: true,
    amount: '',
    reason: target.checkoutId ? 'duplicate_payment' : 'money_back_guarantee',
    note: '',
    endMembership: false,
  });
  const [error, setError] = useState<string | null>(null);

  const list = payments.data?.payments ?? [];
  const selected = list.find((p) => (p.checkoutId ?? '') === paymentChoice) ?? list[0];

  const submit = form.handleSubmit(({ amountPence: _pence, amount, ...checked }) => {
    if (!selected) return;
    setError(null);
    const body = {
      ...checked,
      ...(checked.full ? {} : { amount }),
      ...(selected.checkoutId ? { checkoutId: selected.checkoutId } : {}),
    };
    refund.mutate(
      { memberId: target.member.id, idempotencyKey: key, body },
      {
        onSuccess: (result) => {
          toast({ title: result.alreadyDone ? 'Already refunded' : 'Refund made', description: result.message });
          onClose();
        },
        onError: (err) => {
          setError(errorMessage(err, 'The refund could not be made.'));
          if (err instanceof ApiError && err.status < 500) setKey(newActionKey());
        },
      },
    );
  });

  return { payments, refund, form, list, selected, setPaymentChoice, error, submit };
}

type RefundForm = ReturnType<typeof useRefundForm>['form'];

/**
 * The admin's refund form: which payment, full or part (in pounds, at most what is left of it),
 * why, and whether the membership ends now. Mounted per refund action (its key is made here and
 * kept while the outcome is unknown, so a retry after a network or provider failure cannot
 * refund twice; a refusal makes a new one, since nothing was refunded).
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const { payments, refund, form, list, selected, setPaymentChoice, error, submit } = useRefundForm(target, onClose);
  const full = useWatch({ control: form.control, name: 'full' });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    if (!refund.isPending) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-slate-900 shadow-xl"
    >
      <form className="grid gap-4 p-5 sm:p-6" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-bold text-navy-900">
          Refund {target.member.email}
        </h2>
        {payments.isPending ? (
          <p role="status">Reading the member’s payments...</p>
        ) : payments.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(payments.error, 'The payments could not be read.')}
          </p>
        ) : !selected ? (
          <p>This member has no payment to refund: their membership was granted, or they never paid.</p>
        ) : (
          <RefundFields id={id} form={form} list={list} selected={selected} onChoose={setPaymentChoice} />
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={refund.isPending}>
            Cancel
          </Button>
          {selected && (
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : full ? `Refund ${formatPounds(selected.refundablePence)}` : 'Refund'}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** The fields once a payment can be refunded: which payment, how much, why, and whether the membership ends. */
function RefundFields({
  id,
  form,
  list,
  selected,
  onChoose,
}: {
  id: string;
  form: RefundForm;
  list: readonly RefundablePayment[];
  selected: RefundablePayment;
  onChoose: (checkoutId: string) => void;
}) {
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' });
  return (
    <>
      {list.length > 1 ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-payment`}>Payment</Label>
          <select
            id={`${id}-payment`}
            className={selectClass}
            value={selected.checkoutId ?? ''}
            onChange={(e) => onChoose(e.target.value)}
          >
            {list.map((p) => (
              <option key={p.checkoutId ?? 'latest'} value={p.checkoutId ?? ''}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-slate-800">{selected.label}</p>
      )}
      <p className="text-sm text-slate-700" data-testid="refundable">
        {selected.amountRefundedPence > 0 ? `${formatPounds(selected.amountRefundedPence)} refunded already; ` : ''}
        {formatPounds(selected.refundablePence)} can be refunded.
      </p>
      <AmountChoice id={id} form={form} refundablePence={selected.refundablePence} />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <select id={`${id}-reason`} className={selectClass} {...form.register('reason')}>
          {REFUND_REASONS.map((r) => (
            <option key={r} value={r}>
              {REFUND_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-note`}>{reason === 'other' ? 'Note (required)' : 'Note (optional)'}</Label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={REFUND_NOTE_MAX}
          required={reason === 'other'}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
          {...form.register('note')}
        />
        {errors.note?.message && <FieldError id={`${id}-note-error`}>{errors.note.message}</FieldError>}
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 h-5 w-5 accent-navy-900" {...form.register('endMembership')} />
        <span>End the membership now: the subscription is cancelled at once and access ends today.</span>
      </label>
    </>
  );
}

/** Full refund, or part of it in pounds (at most what can be refunded). */
function AmountChoice({ id, form, refundablePence }: { id: string; form: RefundForm; refundablePence: number }) {
  const full = useWatch({ control: form.control, name: 'full' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Amount</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-mode`}
          className="h-5 w-5 accent-navy-900"
          checked={full === true}
          onChange={() => form.setValue('full', true)}
        />
        Full refund ({formatPounds(refundablePence)})
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-mode`}
          className="h-5 w-5 accent-navy-900"
          checked={full === false}
          onChange={() => form.setValue('full', false)}
        />
        Part of it
      </label>
      {full === false && (
        <Field
          label="Amount to refund (£)"
          inputMode="decimal"
          required
          {...form.register('amount')}
          error={form.formState.errors.amount?.message}
          hint={`At most ${formatPounds(refundablePence)}.`}
        />
      )}
    </fieldset>
  );
}
