import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  items: TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  /** Number of columns on wide screens (the list scrolls sideways on phones). */
  listClassName?: string;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel is rendered
 * (so a lazily loaded tab costs nothing until it is opened).
 */
export function Tabs({ label, items, value, onValueChange, className, listClassName }: TabsProps) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((t) => t.value === value),
  );
  const active = items[activeIndex];

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (activeIndex + 1) % items.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (activeIndex - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onValueChange(items[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={cn('flex gap-1 overflow-x-auto rounded-lg bg-navy-50 p-1', listClassName)}>
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
        <div role="tabpanel" id={`${baseId}-panel-${active.value}`} aria-labelledby={`${baseId}-tab-${active.value}`} tabIndex={0} className="mt-4 rounded-lg focus-visible:outline-offset-4">
          {active.content}
        </div>
      )}
    </div>
  );
}
