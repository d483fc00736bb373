import { describe, expect, it } from 'vitest';
import { formatLastUpdated } from './formatDate';

describe('formatLastUpdated', () => {
  const intl = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  it('writes what Intl writes for English, in UTC, for every month and both ends of a day', () => {
    for (let month = 0; month < 12; month++) {
      for (const ms of [Date.UTC(2026, month, 1, 0, 0, 0), Date.UTC(2025, month, 28, 23, 59, 59)]) {
        const date = new Date(ms);
        expect(formatLastUpdated(date)).toBe(intl.format(date));
      }
    }
  });
});
