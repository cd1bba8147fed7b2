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

/** What each field of a row takes: the row and its handlers (a field uses those it needs). */
export interface RowFieldProps extends RowHandlers {
  row: GeneratorRow;
  className?: string;
}

const FROM_THE_CARD = 'From the race card';

export function NameField({ row, onEdit, className }: RowFieldProps) {
  return (
    <CommitInput
      aria-label={`Horse name for ${rowLabel(row)}`}
      value={row.name}
      readOnly={row.locked}
      title={row.locked ? FROM_THE_CARD : undefined}
      placeholder="Horse name"
      autoComplete="off"
      className={className}
      onCommit={(text) => onEdit(row.id, 'name', text)}
    />
  );
}

/**
 * The two number fields: the rating (a race-card runner's is the card's, read-only; 0 shows empty
 * on a new horse) and the analyst's adjustment.
 */
const NUMBER_FIELDS = {
  rating: {
    label: 'Rating',
    step: 'any',
    placeholder: '0',
    fromTheCard: true,
    text: (row: GeneratorRow) => (row.locked || row.rating !== 0 ? formatNumber(row.rating) : ''),
  },
  adjustment: {
    label: 'Adjustment',
    step: '0.1',
    placeholder: undefined,
    fromTheCard: false,
    text: (row: GeneratorRow) => formatNumber(row.adjustment),
  },
} as const;

export function NumberField({ field, row, onEdit, className }: RowFieldProps & { field: keyof typeof NUMBER_FIELDS }) {
  const { label, step, placeholder, fromTheCard, text } = NUMBER_FIELDS[field];
  const locked = fromTheCard && row.locked;
  return (
    <CommitInput
      aria-label={`${label} for ${rowLabel(row)}`}
      type="number"
      inputMode="decimal"
      step={step}
      value={text(row)}
      readOnly={locked}
      title={locked ? FROM_THE_CARD : undefined}
      placeholder={placeholder}
      className={className}
      debounceMs={NUMERIC_DEBOUNCE_MS}
      isComplete={complete(field)}
      onCommit={(value) => onEdit(row.id, field, value)}
    />
  );
}

/**
 * Market odds in the member's format; fractional or decimal may be typed whichever it is. A
 * potential non-runner shows the spec's warning instead.
 */
export function OddsField({ row, onEdit, onConfirmRunner, className }: RowFieldProps) {
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

export function RemoveButton({ row, onRemove, canRemove, compact = false }: RowFieldProps & { compact?: boolean }) {
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
