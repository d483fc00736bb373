import { describe, expect, it } from 'vitest';
import { DOCS_BOT } from './settings';
import { botSocketUrl, DEFAULT_BACKOFF, reconnectDelay, type BackoffOptions } from './connection';

describe('reconnectDelay', () => {
  const options: BackoffOptions = { baseMs: 500, maxMs: 10_000, unreachableAfter: 4 };

  it('doubles from the base and stops at the cap', () => {
    const full = [1, 2, 3, 4, 5, 6, 7, 50].map((n) => reconnectDelay(n, options, () => 1));
    expect(full).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('makes the second half of each wait random', () => {
    expect(reconnectDelay(3, options, () => 0)).toBe(1000);
    expect(reconnectDelay(3, options, () => 0.5)).toBe(1500);
    for (let i = 0; i < 200; i++) {
      const delay = reconnectDelay(10, options);
      expect(delay).toBeGreaterThanOrEqual(5000);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });

  it('uses the constants of the site by default', () => {
    expect(DEFAULT_BACKOFF).toEqual({
      baseMs: DOCS_BOT.reconnectBaseMs,
      maxMs: DOCS_BOT.reconnectMaxMs,
      unreachableAfter: DOCS_BOT.unreachableAfterFailures,
    });
  });
});

describe('botSocketUrl', () => {
  const params = { version: 'v2.x', userId: 'abc123' };

  it('uses the page’s own origin by default, ws or wss to match', () => {
    expect(botSocketUrl('', { protocol: 'http:', host: 'localhost:3000' }, params)).toBe(
      'ws://localhost:3000/docs-services/docs-server/bot/query?version=v2.x&userId=abc123',
    );
    expect(botSocketUrl('', { protocol: 'https:', host: 'hasura.io' }, params)).toBe(
      'wss://hasura.io/docs-services/docs-server/bot/query?version=v2.x&userId=abc123',
    );
  });

  it('appends /bot/query to DOCS_SERVER_URL, and turns http into ws', () => {
    const page = { protocol: 'https:', host: 'hasura.io' };
    expect(botSocketUrl('https://bot.example.com/docs-services/docs-server/', page, params)).toBe(
      'wss://bot.example.com/docs-services/docs-server/bot/query?version=v2.x&userId=abc123',
    );
    expect(botSocketUrl('ws://localhost:8090/bot/query', page, params)).toBe(
      'ws://localhost:8090/bot/query?version=v2.x&userId=abc123',
    );
  });

  it('keeps the query parameters within what the server accepts', () => {
    const url = new URL(
      botSocketUrl('ws://h', { protocol: 'http:', host: 'h' }, { version: 'v 2/x', userId: 'x'.repeat(99) }),
    );
    expect(url.searchParams.get('version')).toBe('v-2-x');
    expect(url.searchParams.get('userId')).toHaveLength(64);
  });
});
