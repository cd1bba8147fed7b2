import { describe, expect, it } from 'vitest';
import { parseInvoiceTiers } from './invoice-link';

describe('invoice tiers', () => {
  it('reads "name=price" pairs and ignores malformed ones', () => {
    expect([...parseInvoiceTiers(' phase3=price_a, phase2 = price_b,broken,=x')]).toEqual([
      ['phase3', 'price_a'],
      ['phase2', 'price_b'],
    ]);
    expect(parseInvoiceTiers(undefined).size).toBe(0);
  });
});
