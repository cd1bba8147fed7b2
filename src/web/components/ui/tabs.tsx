import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

/** `V`: the tabs' values (a union of them, when they are a known list). */
export interface TabsProps<V extends string = string> {
  /** Accessible name of the tab list. */
  label: string;
  items: TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  className?: string;
  /** Number of columns on wide screens (the list scrolls sideways on phones). */
  listClassName?: string;
}

/** The keys that move along a horizontal tab list (WAI-ARIA: Left and Right, Home and End). */
function nextIndex(key: string, at: number, count: number): number {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}

/**
 * WAI-ARIA tabs: Left, Right, Home and End move between tabs and open them (the active tab alone
 * is in the Tab order); only the active panel is rendered, so a lazily loaded tab costs nothing
 * until it is opened. Written here rather than on Radix's tabs (decision 0049, addendum): the race
 * cards open on a tab list, and Radix's roving focus and collection code (about 10 KB gzipped)
 * would take a member's race-card page past its script budget.
 */
export function Tabs<V extends string>({ label, items, value, onValueChange, className, listClassName }: TabsProps<V>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // A value no tab has opens the first one.
  const activeIndex = Math.max(
    0,
    items.findIndex((t) => t.value === value),
  );
  const active = items[activeIndex];

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const next = nextIndex(e.key, activeIndex, items.length);
    if (next < 0) return;
    e.preventDefault();
    onValueChange(items[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={cn('flex gap-1 overflow-x-auto rounded-lg bg-navy-50 p-1', listClassName)}
      >
        {items.map((t, i) => {
          const selected = i === activeIndex;
          return (
            <button
              key={t.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${t.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(t.value)}
              onKeyDown={onKeyDown}
              className={cn(
                'min-h-11 flex-1 shrink-0 whitespace-nowrap rounded-md px-3 text-sm font-semibold transition-colors',
                selected ? 'bg-navy-900 text-white shadow' : 'text-navy-900 hover:bg-white',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.value}`}
          aria-labelledby={`${baseId}-tab-${active.value}`}
          tabIndex={0}
          className="mt-4 rounded-lg focus-visible:outline-offset-4"
        >
          {active.content}
        </div>
      )}
    </div>
  );
}
