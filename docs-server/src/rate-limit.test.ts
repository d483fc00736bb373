import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limit.js';

describe('TokenBucket', () => {
  it('allows a burst, then asks to wait for the next token', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 60, () => now); // one token per second
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([0, 0, 0]);
    expect(bucket.take()).toBe(1000);
    now = 400;
    expect(bucket.take()).toBe(600);
    now = 1000;
    expect(bucket.take()).toBe(0);
    expect(bucket.take()).toBe(1000);
  });

  it('refills up to the burst and no further', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 600, () => now); // one token per 100 ms
    bucket.take();
    bucket.take();
    now = 10_000;
    expect([bucket.take(), bucket.take()]).toEqual([0, 0]);
    expect(bucket.take()).toBe(100);
  });

  it('does not let refused attempts use up tokens', () => {
    let now = 0;
    const bucket = new TokenBucket(1, 60, () => now);
    bucket.take();
    for (let i = 0; i < 10; i++) expect(bucket.take()).toBeGreaterThan(0);
    now = 1000;
    expect(bucket.take()).toBe(0);
  });
});

describe('TokenBucket.wait', () => {
  it('tells the wait without taking a token', () => {
    let now = 0;
    const bucket = new TokenBucket(1, 60, () => now);
    expect([bucket.wait(), bucket.wait()]).toEqual([0, 0]);
    expect(bucket.take()).toBe(0);
    expect(bucket.wait()).toBe(1000);
    now = 1000;
    expect([bucket.wait(), bucket.take()]).toEqual([0, 0]);
  });

  it('knows how long an idle bucket takes to fill up', () => {
    expect(TokenBucket.refillMs(5, 20)).toBe(15_000);
  });
});
