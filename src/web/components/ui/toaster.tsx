import { useEffect, useState } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '#web/lib/cn';
import { TOAST_DURATION, dismissToast, useToast } from './use-toast';

/**
 * Where the sticky header ends on screen, in px, kept up to date: its height changes with the
 * breakpoint (one row on a phone, two on a desktop) and when the phone menu opens.
 */
function useHeaderBottom(): number {
  const measure = () => {
    const header = document.querySelector('header');
    return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
  };
  const [bottom, setBottom] = useState(measure);
  useEffect(() => {
    const header = document.querySelector('header');
    const update = () => setBottom(measure());
    const observer = typeof ResizeObserver === 'undefined' || !header ? null : new ResizeObserver(update);
    if (header) observer?.observe(header);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, []);
  return bottom;
}

/**
 * The notification region: 5 s default, swipe right past 50 px to dismiss,
 * F8 focuses it (Radix's default hotkey).
 */
export function Toaster() {
  const { toasts } = useToast();
  const headerBottom = useHeaderBottom();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => {
        const destructive = t.variant === 'destructive';
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            duration={t.duration}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
              'data-[state=closed]:opacity-0 transition-[transform,opacity] duration-200',
              destructive ? 'border-red-800 bg-red-700 text-white' : 'border-navy-100 bg-white text-slate-900',
            )}
            data-variant={t.variant ?? 'default'}
          >
            <div className="grid gap-1">
              {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
              {t.description && (
                <ToastPrimitive.Description className={cn('text-sm', destructive ? 'text-white' : 'text-slate-700')}>
                  {t.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Close notification"
              className={cn(
                'absolute right-1.5 top-1.5 inline-flex h-8 w-8 items-center justify-center rounded-md',
                destructive ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
              )}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* A toast never covers what the person needs. It sits just under the sticky
          header (whatever its height: one row on a phone, two on a desktop, the open phone menu),
          so the menu, sign-in and the buttons that end a form or a table row stay clear, and the
          region lets clicks through: only the toast card takes them. */}
      <ToastPrimitive.Viewport
        style={{ top: headerBottom }}
        className="pointer-events-none fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-3 outline-none sm:max-w-sm sm:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
