import { useId, useState, type FormEvent } from 'react';
import { formatLongDay, isIsoDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import { PRICE_CHANGE_MESSAGE_MAX, poundsToPence } from '#shared/schemas/billing';
import { PRICE_CHANGE_NOTICE_DAYS, earliestPriceChangeDay, type Plan } from '#shared/subscription-notices';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useAnnouncePriceChange, usePriceChanges } from '../api';

const selectClass = 'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

/**
 * Announcing a new price with notice: every member paying on the plan is e-mailed at once, at
 * least PRICE_CHANGE_NOTICE_DAYS before it takes effect. The price charged at the payment provider
 * is changed there on the day.
 */
export function PriceChanges() {
  const id = useId();
  const changes = usePriceChanges();
  const announce = useAnnouncePriceChange();
  const earliest = earliestPriceChangeDay(londonDate(new Date()));
  const [plan, setPlan] = useState<Plan>('monthly');
  const [price, setPrice] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(earliest);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pence = poundsToPence(price);

  function review(e: FormEvent) {
    e.preventDefault();
    setError(pence === null || pence < 1 ? 'Enter the new price in pounds, like 18.00.' : null);
    if (pence !== null && pence >= 1) setConfirming(true);
  }

  function send() {
    announce.mutate(
      { plan, newPricePence: pence!, effectiveFrom, message },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setPrice('');
          setMessage('');
          toast({ title: 'Price change announced', description: result.message });
        },
        onError: (err) => {
          setConfirming(false);
          setError(errorMessage(err, 'The price change could not be announced.'));
        },
      },
    );
  }

  const list = changes.data?.priceChanges ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price changes</CardTitle>
        <CardDescription>
          Members paying on the plan are e-mailed at once; the new price may take effect {PRICE_CHANGE_NOTICE_DAYS} days from today at the earliest. Change the price at the payment provider on that
          day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form className="grid gap-3 sm:grid-cols-3" onSubmit={review}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-plan`}>Plan</Label>
            <select id={`${id}-plan`} className={selectClass} value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
              <option value="monthly">Monthly</option>
              <option value="annual">Annual</option>
            </select>
          </div>
          <Field label="New price (£)" inputMode="decimal" required value={price} onChange={(e) => setPrice(e.target.value)} />
          <Field label="Takes effect on" type="date" required min={earliest} value={effectiveFrom} onChange={(e) => setEffectiveFrom(e.target.value)} />
          <div className="grid gap-1.5 sm:col-span-3">
            <Label htmlFor={`${id}-message`}>Message to members</Label>
            <textarea
              id={`${id}-message`}
              rows={3}
              required
              maxLength={PRICE_CHANGE_MESSAGE_MAX}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-3">
              {error}
            </p>
          )}
          <div className="sm:col-span-3">
            <Button type="submit">Announce price change</Button>
          </div>
        </form>
        {list.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Price changes announced">
            {list.map((c) => (
              <li key={c.id} className="grid gap-1 p-3 text-sm">
                <span className="font-semibold text-navy-900">
                  {c.plan === 'annual' ? 'Annual' : 'Monthly'}: {formatPounds(c.newPricePence)} from {formatLongDay(c.effectiveFrom)}
                </span>
                <span className="text-slate-700">
                  {c.notified} {c.notified === 1 ? 'member' : 'members'} e-mailed{c.createdBy ? ` by ${c.createdBy}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Announce this price change?"
        description={`Every member paying on the ${plan} plan is e-mailed now: ${pence !== null ? formatPounds(pence) : ''} from ${isIsoDay(effectiveFrom) ? formatLongDay(effectiveFrom) : effectiveFrom}. This cannot be taken back.`}
        confirmLabel="Announce and e-mail members"
        busyLabel="Announcing..."
        busy={announce.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
