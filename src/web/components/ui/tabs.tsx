import { Content, List, Root, Trigger } from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
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
 * WAI-ARIA tabs on Radix: arrow keys, Home and End move between tabs and open them; only the
 * active panel is rendered (so a lazily loaded tab costs nothing until it is opened).
 */
export function Tabs({ label, items, value, onValueChange, className, listClassName }: TabsProps) {
  // A value no tab has opens the first one.
  const active = items.some((t) => t.value === value) ? value : items[0]?.value;
  return (
    <Root value={active} onValueChange={onValueChange} className={className}>
      <List aria-label={label} className={cn('flex gap-1 overflow-x-auto rounded-lg bg-navy-50 p-1', listClassName)}>
        {items.map((t) => (
          <Trigger
            key={t.value}
            value={t.value}
            className={cn(
              'min-h-11 flex-1 shrink-0 whitespace-nowrap rounded-md px-3 text-sm font-semibold transition-colors',
              t.value === active ? 'bg-navy-900 text-white shadow' : 'text-navy-900 hover:bg-white',
            )}
          >
            {t.label}
          </Trigger>
        ))}
      </List>
      {items.map((t) => (
        <Content key={t.value} value={t.value} className="mt-4 rounded-lg focus-visible:outline-offset-4">
          {t.content}
        </Content>
      ))}
    </Root>
  );
}
