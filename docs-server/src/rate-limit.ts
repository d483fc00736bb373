/**
 * A token bucket: `burst` frames at once, refilled at `perMinute`. One per connection.
 * The clock is injectable so tests can move time.
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

  /** Takes a token: returns 0 when allowed, else the milliseconds until one is available. */
  take(): number {
    const now = this.now();
    const msPerToken = 60_000 / this.perMinute;
    this.tokens = Math.min(this.burst, this.tokens + (now - this.updatedAt) / msPerToken);
    this.updatedAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - this.tokens) * msPerToken);
  }
}
