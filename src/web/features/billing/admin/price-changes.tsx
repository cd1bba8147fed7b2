import { useId, useState } from 'react';
import { formatLongDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import {
  PRICE_CHANGE_MESSAGE_MAX,
  priceChangeForm,
  type PriceChangeBody,
  type PriceChangesResponse,
} from '#shared/schemas/billing';
import { PRICE_CHANGE_NOTICE_DAYS, earliestPriceChangeDay } from '#shared/subscription-notices';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field, FieldError, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm, type SchemaForm } from '#web/lib/schema-form';
import { useAnnouncePriceChange, usePriceChanges } from '../api';

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

/**
 * Announcing a new price with notice: every member paying on the plan is e-mailed at once, at
 * least PRICE_CHANGE_NOTICE_DAYS before it takes effect. The price charged at the payment provider
 * is changed there on the day.
 */
export function PriceChanges() {
  const changes = usePriceChanges();
  const announce = useAnnouncePriceChange();
  const earliest = earliestPriceChangeDay(londonDate(new Date()));
  const form = useSchemaForm(priceChangeForm, { plan: 'monthly', price: '', effectiveFrom: earliest, message: '' });
  // The checked body, held while the admin confirms it.
  const [confirming, setConfirming] = useState<PriceChangeBody | null>(null);
  const [error, setError] = useState<string | null>(null);

  const review = form.handleSubmit((body) => {
    setError(null);
    setConfirming(body);
  });

  function send(body: PriceChangeBody) {
    announce.mutate(body, {
      onSuccess: (result) => {
        setConfirming(null);
        form.reset({ ...form.getValues(), price: '', message: '' });
        toast({ title: 'Price change announced', description: result.message });
      },
      onError: (err) => {
        setConfirming(null);
        setError(errorMessage(err, 'The price change could not be announced.'));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Price changes</CardTitle>
        <CardDescription>
          Members paying on the plan are e-mailed at once; the new price may take effect {PRICE_CHANGE_NOTICE_DAYS} days
          from today at the earliest. Change the price at the payment provider on that day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form className="grid gap-3 sm:grid-cols-3" onSubmit={(e) => void review(e)} noValidate>
          <PriceChangeFields form={form} earliest={earliest} />
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {error}
            </p>
          )}
          <div className="sm:col-span-3">
            <Button type="submit">Announce price change</Button>
          </div>
        </form>
        <AnnouncedChanges changes={changes.data?.priceChanges ?? []} />
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title="Announce this price change?"
        description={
          confirming
            ? `Every member paying on the ${confirming.plan} plan is e-mailed now: ${formatPounds(confirming.newPricePence)} from ${formatLongDay(confirming.effectiveFrom)}. This cannot be taken back.`
            : ''
        }
        confirmLabel="Announce and e-mail members"
        busyLabel="Announcing..."
        busy={announce.isPending}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}

/** Plan, new price, the day it takes effect and the message members are e-mailed. */
function PriceChangeFields({ form, earliest }: { form: SchemaForm<typeof priceChangeForm>; earliest: string }) {
  const id = useId();
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-plan`}>Plan</Label>
        <select id={`${id}-plan`} className={selectClass} {...form.register('plan')}>
          <option value="monthly">Monthly</option>
          <option value="annual">Annual</option>
        </select>
      </div>
      <Field
        label="New price (£)"
        inputMode="decimal"
        required
        {...form.register('price')}
        error={errors.price?.message}
      />
      <Field
        label="Takes effect on"
        type="date"
        required
        min={earliest}
        {...form.register('effectiveFrom')}
        error={errors.effectiveFrom?.message}
      />
      <div className="grid gap-1.5 sm:col-span-3">
        <Label htmlFor={`${id}-message`}>Message to members</Label>
        <textarea
          id={`${id}-message`}
          rows={3}
          required
          maxLength={PRICE_CHANGE_MESSAGE_MAX}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          {...form.register('message')}
        />
        {errors.message?.message && <FieldError id={`${id}-message-error`}>{errors.message.message}</FieldError>}
      </div>
    </>
  );
}

/** The price changes announced so far, and how many members each e-mailed. */
function AnnouncedChanges({ changes }: { changes: PriceChangesResponse['priceChanges'] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Price changes announced">
      {changes.map((c) => (
        <li key={c.id} className="grid gap-1 p-3 text-sm">
          <span className="font-semibold text-navy-900">
            {c.plan === 'annual' ? 'Annual' : 'Monthly'}: {formatPounds(c.newPricePence)} from{' '}
            {formatLongDay(c.effectiveFrom)}
          </span>
          <span className="text-slate-700">
            {c.notified} {c.notified === 1 ? 'member' : 'members'} e-mailed
            {c.createdBy ? ` by ${c.createdBy}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
