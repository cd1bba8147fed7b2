import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button';
import type { BetTarget } from './log-bet-form';

// The form is members' code: loaded on the first "Log bet" press, so a visitor's free race and the
// race cards do not carry it (the public pages' JavaScript budget, tests/e2e/frontend-budget).
const LogBetForm = lazy(() => import('./log-bet-form').then((m) => ({ default: m.LogBetForm })));

/** A "Log bet" toggle with its form, for members only (a visitor reading the free race sees nothing). */
export function LogBetToggle({ target, canLog }: { target: BetTarget; canLog: boolean }) {
  const [open, setOpen] = useState(false);
  if (!canLog) return null;
  return (
    <div className="mt-3 grid gap-2">
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          aria-label={`${open ? 'Cancel bet on' : 'Log bet on'} ${target.horseName}`}
        >
          {open ? 'Cancel' : 'Log bet'}
        </Button>
      </div>
      {open && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
          <LogBetForm target={target} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
