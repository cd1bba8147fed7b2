import { Trash2 } from 'lucide-react';
import {
  formatNumber,
  formatOddsInput,
  isCompleteInput,
  type EditableField,
  type GeneratorRow,
} from '#shared/generator/rows';
import { NUMERIC_DEBOUNCE_MS } from '#shared/generator/state';
import { Button } from '#web/components/ui/button';
import { useOddsFormat } from '../odds-preference/use-odds';
import { CommitInput } from './commit-input';

export interface RowHandlers {
  onEdit: (id: string, field: EditableField, text: string) => void;
  onRemove: (id: string) => void;
  onConfirmRunner: (id: string) => void;
  canRemove: boolean;
}

/** How a row is named to screen readers and tests: its horse, or "new horse 2" before it has one. */
export function rowLabel(row: GeneratorRow): string {
  const name = row.name.trim();
  if (name) return name;
  const n = /(\d+)$/.exec(row.id)?.[1] ?? '';
  return `new horse ${n}`.trim();
}

const complete = (field: EditableField) => (text: string) => isCompleteInput(field, text);

export function NameField({
  row,
  onEdit,
  className,
}: {
  row: GeneratorRow;
  onEdit: RowHandlers['onEdit'];
  className?: string;
}) {
  return (
    <CommitInput
      aria-label={`Horse name for ${rowLabel(row)}`}
      value={row.name}
      readOnly={row.locked}
      title={row.locked ? 'From the race card' : undefined}
      placeholder="Horse name"
      autoComplete="off"
      className={className}
      onCommit={(text) => onEdit(row.id, 'name', text)}
    />
  );
}

export function RatingField({
  row,
  onEdit,
  className,
}: {
  row: GeneratorRow;
  onEdit: RowHandlers['onEdit'];
  className?: string;
}) {
  return (
    <CommitInput
      aria-label={`Rating for ${rowLabel(row)}`}
      type="number"
      inputMode="decimal"
      step="any"
      value={row.locked || row.rating !== 0 ? formatNumber(row.rating) : ''}
      readOnly={row.locked}
      title={row.locked ? 'From the race card' : undefined}
      placeholder="0"
      className={className}
      debounceMs={NUMERIC_DEBOUNCE_MS}
      isComplete={complete('rating')}
      onCommit={(text) => onEdit(row.id, 'rating', text)}
    />
  );
}

export function AdjustmentField({
  row,
  onEdit,
  className,
}: {
  row: GeneratorRow;
  onEdit: RowHandlers['onEdit'];
  className?: string;
}) {
  return (
    <CommitInput
      aria-label={`Adjustment for ${rowLabel(row)}`}
      type="number"
      inputMode="decimal"
      step="0.1"
      value={formatNumber(row.adjustment)}
      className={className}
      debounceMs={NUMERIC_DEBOUNCE_MS}
      isComplete={complete('adjustment')}
      onCommit={(text) => onEdit(row.id, 'adjustment', text)}
    />
  );
}

/** Decimal or fractional odds in, decimal shown; a potential non-runner shows the spec's warning instead. */
/** Market odds in the member's format; fractional or decimal may be typed whichever it is. */
export function OddsField({
  row,
  onEdit,
  onConfirmRunner,
  className,
}: {
  row: GeneratorRow;
  onEdit: RowHandlers['onEdit'];
  onConfirmRunner: RowHandlers['onConfirmRunner'];
  className?: string;
}) {
  const format = useOddsFormat();
  if (row.potentialNonRunner) {
    return (
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-semibold text-red-800">Check if non-runner</span>
        <button
          type="button"
          className="min-h-8 text-sm text-navy-700 underline underline-offset-4 hover:text-navy-900"
          aria-label={`Enter odds for ${rowLabel(row)}`}
          onClick={() => onConfirmRunner(row.id)}
        >
          Enter odds
        </button>
      </div>
    );
  }
  return (
    <CommitInput
      aria-label={`Market odds for ${rowLabel(row)}`}
      type="text"
      autoComplete="off"
      spellCheck="false"
      value={formatOddsInput(row.marketOdds, format)}
      placeholder={format === 'fractional' ? '5/1 or 6.0' : '6.0 or 5/1'}
      className={className}
      debounceMs={NUMERIC_DEBOUNCE_MS}
      isComplete={complete('marketOdds')}
      onCommit={(text) => onEdit(row.id, 'marketOdds', text)}
    />
  );
}

export function RemoveButton({
  row,
  onRemove,
  canRemove,
  compact = false,
}: {
  row: GeneratorRow;
  onRemove: RowHandlers['onRemove'];
  canRemove: boolean;
  compact?: boolean;
}) {
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'sm'}
      aria-label={`Remove ${rowLabel(row)}`}
      title={canRemove ? 'Remove (non-runner)' : 'The last row cannot be removed'}
      disabled={!canRemove}
      onClick={() => onRemove(row.id)}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      {!compact && 'Remove'}
    </Button>
  );
}
