import { describe, expect, it } from 'vitest';
import { countCancelReasons } from './cancel-reasons';

describe('countCancelReasons', () => {
  it('counts each reason, and a missing or unknown one as not given', () => {
    const counts = countCancelReasons([
      { reason: 'too_expensive' },
      { reason: 'results' },
      { reason: 'too_expensive' },
      { reason: null },
      { reason: 'bored' },
      { reason: 'other' },
    ]);
    expect(counts).toEqual({ too_expensive: 2, not_using: 0, results: 1, other: 1, not_given: 2 });
  });

  it('gives every reason a zero when nobody cancelled', () => {
    expect(countCancelReasons([])).toEqual({ too_expensive: 0, not_using: 0, results: 0, other: 0, not_given: 0 });
  });
});
