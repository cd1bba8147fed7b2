/**
 * Recalculation runs a fixed delay after the last change, and only one calculation
 * runs at a time — a change during a run queues exactly one more run after it.
 */
export interface CalculationScheduler {
  /** (Re)starts the delay; the run happens once the changes stop for `delayMs`. */
  schedule(): void;
  /** Runs now (the Calculate button), dropping any pending delay. */
  runNow(): Promise<void>;
  cancel(): void;
}

export function createCalculationScheduler(run: () => void | Promise<void>, delayMs: number): CalculationScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  async function execute(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await run();
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      await execute();
    }
  }

  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => void execute(), delayMs);
    },
    runNow() {
      clearTimeout(timer);
      return execute();
    },
    cancel() {
      clearTimeout(timer);
      again = false;
    },
  };
}
