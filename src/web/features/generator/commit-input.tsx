import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn';

export interface CommitInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'defaultValue'
> {
  /** The committed value as shown when not being edited. */
  value: string;
  onCommit: (text: string) => void;
  /** Numeric fields also commit this long after the last keystroke. */
  debounceMs?: number;
  /** Early (debounced) commits only for text that is complete, so "5/" is not read as 0 mid-typing. */
  isComplete?: (text: string) => boolean;
}

const cellInputClass =
  'block h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 tabular-nums ' +
  'read-only:border-slate-200 read-only:bg-slate-100 read-only:text-slate-800 aria-[invalid=true]:border-red-700';

/**
 * An input that keeps what is typed to itself and commits on blur (or Enter), plus after a pause
 * when `debounceMs` is given. After a commit it shows the committed value again (odds typed as
 * "11/4" come back as "3.75").
 */
export function CommitInput({ value, onCommit, debounceMs, isComplete, className, ...rest }: CommitInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <input
      {...rest}
      className={cn(cellInputClass, className)}
      value={draft ?? value}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (debounceMs === undefined) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (!isComplete || isComplete(text)) onCommit(text);
        }, debounceMs);
      }}
      onBlur={() => {
        clearTimeout(timer.current);
        if (draft === null) return;
        onCommit(draft);
        setDraft(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}
