import { useCallback, useEffect, useReducer, useState } from 'react';
import { createCalculationScheduler } from './calc-scheduler';
import {
  AUTO_CALCULATE_DELAY_MS,
  generatorReducer,
  initialGeneratorState,
  type GeneratorAction,
} from '#shared/generator/state';

/**
 * The generator's state and its timing: every change schedules a recalculation 150 ms
 * later; Calculate runs at once. The reducer does one calculation per action, so
 * calculations never overlap.
 */
export function useGenerator() {
  const [state, dispatch] = useReducer(generatorReducer, undefined, initialGeneratorState);
  const [scheduler] = useState(() =>
    createCalculationScheduler(() => dispatch({ type: 'autoCalculate' }), AUTO_CALCULATE_DELAY_MS),
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const change = useCallback(
    (action: Exclude<GeneratorAction, { type: 'calculate' | 'autoCalculate' }>) => {
      dispatch(action);
      scheduler.schedule();
    },
    [scheduler],
  );
  const calculate = useCallback(() => {
    scheduler.cancel();
    dispatch({ type: 'calculate' });
  }, [scheduler]);

  return { state, change, calculate };
}
