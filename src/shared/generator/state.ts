/**
 * The generator's state and its transitions, as a reducer the page runs
 * with useReducer. Calculations happen here, one per action, so two can never overlap.
 */
import {
  blankRow,
  calculateRows,
  canAutoCalculate,
  committedValue,
  nextManualId,
  withoutResults,
  type EditableField,
  type GeneratorRow,
} from './rows';

export interface GeneratorState {
  rows: GeneratorRow[];
  /** On by default (recommended). */
  marketCorrection: boolean;
  /** Set by a calculation when some horse has rating and odds above 0. */
  calculated: boolean;
}

export type GeneratorAction =
  | { type: 'load'; rows: GeneratorRow[] }
  | { type: 'add' }
  | { type: 'remove'; id: string }
  | { type: 'edit'; id: string; field: EditableField; text: string }
  | { type: 'confirmRunner'; id: string }
  | { type: 'setMarketCorrection'; on: boolean }
  | { type: 'calculate' }
  | { type: 'autoCalculate' };

export const AUTO_CALCULATE_DELAY_MS = 150;
export const NUMERIC_DEBOUNCE_MS = 300;

export function initialGeneratorState(): GeneratorState {
  return { rows: [blankRow('manual-1')], marketCorrection: true, calculated: false };
}

export function generatorReducer(state: GeneratorState, action: GeneratorAction): GeneratorState {
  switch (action.type) {
    case 'load':
      return { ...state, rows: action.rows.length ? action.rows : [blankRow(nextManualId([]))], calculated: false };
    case 'add':
      return { ...state, rows: [...state.rows, blankRow(nextManualId(state.rows))] };
    case 'remove':
      // The last row stays: the table always has a row to type into.
      if (state.rows.length <= 1) return state;
      return { ...state, rows: state.rows.filter((r) => r.id !== action.id) };
    case 'edit':
      return editRow(state, action.id, action.field, action.text);
    case 'confirmRunner':
      return { ...state, rows: state.rows.map((r) => (r.id === action.id ? { ...r, potentialNonRunner: false } : r)) };
    case 'setMarketCorrection':
      return { ...state, marketCorrection: action.on };
    case 'calculate':
      return {
        ...state,
        rows: calculateRows(state.rows, state.marketCorrection),
        calculated: canAutoCalculate(state.rows),
      };
    case 'autoCalculate':
      if (canAutoCalculate(state.rows)) return generatorReducer(state, { type: 'calculate' });
      // Nothing to calculate: earlier results no longer describe the rows.
      return state.calculated ? { ...state, rows: state.rows.map(withoutResults), calculated: false } : state;
  }
}

function editRow(state: GeneratorState, id: string, field: EditableField, text: string): GeneratorState {
  let changed = false;
  const rows = state.rows.map((row) => {
    if (row.id !== id) return row;
    if (row.locked && (field === 'name' || field === 'rating')) return row;
    const value = committedValue(field, text);
    if (row[field] === value) return row;
    changed = true;
    const next = { ...row, [field]: value };
    if (field === 'rating' && !row.locked && typeof value === 'number') next.originalRating = value;
    return next;
  });
  return changed ? { ...state, rows } : state;
}
