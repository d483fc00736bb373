/**
 * A token bucket: `burst` at once, refilled at `perMinute`. The clock is injectable so tests can move time.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** How long an unused bucket takes to fill up again: after that it is as good as a new one. */
  static refillMs(burst: number, perMinute: number): number {
    return Math.ceil((burst * 60_000) / perMinute);
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) * this.perMinute) / 60_000);
    this.updatedAt = now;
  }

  /** The milliseconds until a token is available (0: one is), without taking it. */
  wait(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
  }

  /** Takes a token: returns 0 when allowed, else the milliseconds until one is available. */
  take(): number {
    const wait = this.wait();
    if (wait === 0) this.tokens -= 1;
    return wait;
  }
}
