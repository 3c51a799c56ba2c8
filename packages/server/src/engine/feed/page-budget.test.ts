import { describe, expect, it } from 'vitest';
import { createPageBudget } from './page-budget';

describe('the feed’s page budget for exact posting times', () => {
  it('allows a burst, then pages at its rate only', () => {
    let t = 0;
    const budget = createPageBudget({ perSecond: 0.2, burst: 2, now: () => t });
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    t += 4_000; // 0.8 of a page
    expect(budget.take()).toBe(false);
    t += 1_000; // a whole page again
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });
});
