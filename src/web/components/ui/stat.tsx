import { cn } from '#web/lib/cn';

/** One figure in a `<dl>` of figures: its name above, the number large. `tone` colours the number. */
export function Stat({
  label,
  value,
  testId,
  tone,
  className,
}: {
  label: string;
  value: string | number;
  testId: string;
  tone?: string;
  className?: string;
}) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white p-4', className)}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-bold tabular-nums text-navy-900', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
