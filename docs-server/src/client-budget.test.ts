import { describe, expect, it } from 'vitest';
import { ClientBudgets, clientKey, type BudgetLimits } from './client-budget.js';

const LIMITS: BudgetLimits = {
  questions: { burst: 3, perMinute: 60 }, // full again 3 s after the last use
  connections: { burst: 2, perMinute: 60 },
  badFrames: { burst: 5, perMinute: 600 },
  maxClients: 3,
};

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('ClientBudgets', () => {
  it('keeps one budget per client, so a new connection finds it as the last one left it', () => {
    let now = 0;
    const budgets = new ClientBudgets(LIMITS, () => now);
    const first = budgets.get('203.0.113.9');
    expect([first.questions.take(), first.questions.take(), first.questions.take()]).toEqual([0, 0, 0]);
    expect(budgets.get('203.0.113.9').questions.take()).toBe(1000);
    expect(budgets.get('198.51.100.1').questions.take()).toBe(0); // another client: its own budget
    now = 1000;
    expect(budgets.get('203.0.113.9').questions.take()).toBe(0);
  });

  it('forgets a client once its buckets would be full again, and no sooner', () => {
    let now = 10_000; // lru-cache reads a start time of 0 as "no expiry"; a real clock is never there
    const budgets = new ClientBudgets(LIMITS, () => now);
    budgets.get('a').questions.take();
    now = 12_999;
    expect(budgets.size).toBe(1);
    now = 13_001;
    expect(budgets.size).toBe(0);
    expect([0, 0, 0].map(() => budgets.get('a').questions.take())).toEqual([0, 0, 0]);
  });

  it('remembers at most maxClients, dropping the least recently seen', () => {
    const budgets = new ClientBudgets(LIMITS, () => 0);
    for (const key of ['a', 'b', 'c']) budgets.get(key).connections.take();
    budgets.get('a'); // seen again
    budgets.get('d');
    expect(budgets.size).toBe(3);
    expect(budgets.get('a').connections.take()).toBe(0); // still has its second token
    expect(budgets.get('a').connections.take()).toBeGreaterThan(0);
    expect(budgets.get('b').connections.take()).toBe(0); // forgotten: a fresh budget
  });
});
