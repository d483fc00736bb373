import { describe, expect, it, vi } from 'vitest';
import { PAGE_VIEW_DELAY_MS, schedulePageView } from './pageView';

const target = () => ({
  dataLayer: [] as unknown[],
  location: { pathname: '/docs/2.0/index/', search: '?a=1', href: 'http://x/docs/2.0/index/?a=1' },
  document: { title: 'Docs home | Hasura GraphQL Docs' },
  sendBeacon: vi.fn(() => true),
});

describe('schedulePageView', () => {
  it('records the view after the configured delay, with the new page title', () => {
    vi.useFakeTimers();
    const t = target();
    schedulePageView(t, { endpoint: '', gtmContainerId: '' });
    vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 1);
    expect(t.dataLayer).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(t.dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/docs/2.0/index/?a=1',
        page_title: 'Docs home | Hasura GraphQL Docs',
        page_location: 'http://x/docs/2.0/index/?a=1',
      },
    ]);
    expect(t.sendBeacon).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
  it('sends the view to the provider when an endpoint is configured', () => {
    vi.useFakeTimers();
    const t = target();
    schedulePageView(t, { endpoint: 'https://a.example/collect', gtmContainerId: '' });
    vi.advanceTimersByTime(PAGE_VIEW_DELAY_MS);
    expect(t.sendBeacon).toHaveBeenCalledOnce();
    const [url, body] = t.sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('https://a.example/collect');
    expect(JSON.parse(body)).toMatchObject({ event: 'page_view', page_path: '/docs/2.0/index/?a=1' });
    vi.useRealTimers();
  });
});
