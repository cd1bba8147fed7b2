import { describe, expect, it } from 'vitest';
import { poundsToPence, priceChangeBody, priceChangeForm, refundBody } from './billing';

describe('poundsToPence', () => {
  it('reads pounds and pence exactly, with or without the pound sign', () => {
    expect(poundsToPence('16')).toBe(1600);
    expect(poundsToPence('£12.5')).toBe(1250);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence(10.1)).toBe(1010);
    expect(poundsToPence('19.99')).toBe(1999);
  });
  it('refuses anything else', () => {
    for (const v of ['', '1.234', '-5', '1e3', '12,50', 'ten', null, undefined, Number.NaN])
      expect(poundsToPence(v), String(v)).toBeNull();
  });
});

describe('refundBody', () => {
  it('takes a full refund, or an amount in pounds, with a reason', () => {
    expect(refundBody.parse({ full: true, reason: 'money_back_guarantee' })).toMatchObject({
      full: true,
      amountPence: null,
      endMembership: false,
      note: '',
    });
    expect(refundBody.parse({ amount: '5.50', reason: 'duplicate_payment', checkoutId: 'cs_1' })).toMatchObject({
      full: false,
      amountPence: 550,
      checkoutId: 'cs_1',
    });
  });
  it('refuses no amount, a zero amount, no reason, and "other" without a note', () => {
    expect(refundBody.safeParse({ reason: 'money_back_guarantee' }).success).toBe(false);
    expect(refundBody.safeParse({ amount: '0', reason: 'money_back_guarantee' }).success).toBe(false);
    expect(refundBody.safeParse({ full: true }).success).toBe(false);
    expect(refundBody.safeParse({ full: true, reason: 'other' }).error?.issues[0].message).toBe(
      'Say why in the note when the reason is "other"',
    );
    expect(refundBody.safeParse({ full: true, reason: 'other', note: 'Goodwill' }).success).toBe(true);
  });
});

describe('priceChangeForm', () => {
  const form = { plan: 'monthly', price: '18.00', effectiveFrom: '2026-12-31', message: ' Up to £18. ' };
  it('gives the body the server parses, the price in pence', () => {
    const body = priceChangeForm.parse(form);
    expect(body).toEqual({ plan: 'monthly', newPricePence: 1800, effectiveFrom: '2026-12-31', message: 'Up to £18.' });
    expect(priceChangeBody.parse(body)).toEqual(body);
  });
  it('puts each refusal on the field the admin types', () => {
    const paths = (v: object) => priceChangeForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths({ ...form, price: 'eighteen' })).toEqual([['price', 'Enter the new price in pounds, like 18.00.']]);
    expect(paths({ ...form, price: '1000.01' })).toEqual([['price', 'The new price must be at most £1,000.00']]);
    expect(paths({ ...form, price: '0' })).toEqual([['price', 'The new price must be at least 1p']]);
    expect(paths({ ...form, message: '  ' })).toEqual([['message', 'Write the message members will read']]);
  });
});
