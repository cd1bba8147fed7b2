import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/**
 * A box that scrolls sideways (a wide table on a phone). It takes keyboard focus and has a name, so
 * someone without a mouse or touch screen can scroll it with the arrow keys (WCAG 2.1.1; axe
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-700',
        className,
      )}
    >
      {children}
    </div>
  );
}
