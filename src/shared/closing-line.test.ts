import { describe, expect, it } from 'vitest';
import { closingLineValue, priceEdge } from './closing-line';

describe('closing line value', () => {
  it('measures the edge as taken ÷ closing − 1', () => {
    expect(priceEdge(6, 5)).toBe(20);
    expect(priceEdge(4, 5)).toBe(-20);
    expect(priceEdge(3, 3)).toBe(0);
  });

  it('counts the tips that beat SP and BSP and averages their edge; an equal price does not beat', () => {
    const clv = closingLineValue([
      { result: 'WON', price: '5/1', startingPrice: '4/1', bsp: 5.5 }, // 6.0 vs 5.0 (+20%), vs 5.5 (+9.1%)
      { result: 'LOST', price: '3/1', startingPrice: '7/2', bsp: 4.4 }, // 4.0 vs 4.5 (−11.1%), vs 4.4 (−9.1%)
      { result: 'PLACED', price: '2/1', startingPrice: '2/1', bsp: null }, // equal: not beaten, 0%
    ]);
    expect(clv.sp).toEqual({ tips: 3, beat: 1, share: 33.3, averageEdge: 3 });
    expect(clv.bsp).toEqual({ tips: 2, beat: 1, share: 50, averageEdge: 0 });
  });

  it('leaves out non-runners and tips without a price or a closing price', () => {
    const clv = closingLineValue([
      { result: 'NR', price: '5/1', startingPrice: '4/1', bsp: 5 },
      { result: 'LOST', price: null, startingPrice: '4/1', bsp: 5 },
      { result: 'LOST', price: '9/2', startingPrice: null, bsp: null },
    ]);
    expect(clv.sp).toEqual({ tips: 0, beat: 0, share: 0, averageEdge: 0 });
    expect(clv.bsp).toEqual({ tips: 0, beat: 0, share: 0, averageEdge: 0 });
  });
});
