import type { Plan } from '#shared/consent';
import { formatPounds } from '#shared/my-bets';
import { PRICE_DISCOUNTED_GBP, PRICE_MONTHLY_GBP } from '#shared/public-config';
import { cn } from '#web/lib/cn';

/** The monthly price alone, as the page has always shown it (no annual plan offered). */
export function MonthlyPrice() {
  return (
    <div className="rounded-lg border border-gold-300 bg-gold-50 p-4 text-center">
      <p className="text-3xl font-extrabold text-navy-900">£{PRICE_MONTHLY_GBP}/month</p>
      <p className="mt-1 text-sm font-semibold text-gold-800">
        Use discount code to reduce to £{PRICE_DISCOUNTED_GBP}/month
      </p>
    </div>
  );
}

function Option({
  value,
  chosen,
  onChoose,
  title,
  price,
  note,
}: {
  value: Plan;
  chosen: Plan;
  onChoose: (plan: Plan) => void;
  title: string;
  price: string;
  note: string;
}) {
  const active = chosen === value;
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-4',
        active ? 'border-gold-400 bg-gold-50 ring-2 ring-gold-300' : 'border-slate-300 bg-white',
      )}
    >
      <input
        type="radio"
        name="plan"
        value={value}
        checked={active}
        onChange={() => onChoose(value)}
        className="mt-1 h-5 w-5 shrink-0 accent-navy-900"
      />
      <span className="grid gap-0.5">
        <span className="font-bold text-navy-900">{title}</span>
        <span className="text-2xl font-extrabold text-navy-900">{price}</span>
        <span className="text-sm text-slate-700">{note}</span>
      </span>
    </label>
  );
}

/** Monthly or annual, side by side (one above the other on a phone); monthly is chosen first. */
export function PlanChoice({
  annualPricePence,
  chosen,
  onChoose,
}: {
  annualPricePence: number;
  chosen: Plan;
  onChoose: (plan: Plan) => void;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Choose your plan</legend>
      <Option
        value="monthly"
        chosen={chosen}
        onChoose={onChoose}
        title="Monthly"
        price={`£${PRICE_MONTHLY_GBP}/month`}
        note={`£${PRICE_DISCOUNTED_GBP}/month with a discount code. Renews monthly.`}
      />
      <Option
        value="annual"
        chosen={chosen}
        onChoose={onChoose}
        title="Annual"
        price={`${formatPounds(annualPricePence)}/year`}
        note={`Works out at ${formatPounds(Math.round(annualPricePence / 12))} a month. Renews yearly; we remind you before each renewal.`}
      />
    </fieldset>
  );
}
