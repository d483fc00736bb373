import type { AnalyticsOptions } from '../../buildEnv';
import { sendEvent, type Target as EventTarget } from './track';

/** How long after a route change the page view is recorded (see schedulePageView). */
export const PAGE_VIEW_DELAY_MS = 50;

export type PageView = { event: 'page_view'; page_path: string; page_title: string; page_location: string };

type Target = EventTarget & {
  location: { pathname: string; search: string; href: string };
  document: { title: string };
};

/**
 * Records one page view. The 50 ms wait lets the new page set its <title> first, so the view carries
 * the title of the page the reader landed on, not the one they left.
 */
export function schedulePageView(
  target: Target,
  options: AnalyticsOptions,
  setTimer: (fn: () => void, ms: number) => unknown = setTimeout,
): void {
  setTimer(() => {
    const view: PageView = {
      event: 'page_view',
      page_path: target.location.pathname + target.location.search,
      page_title: target.document.title,
      page_location: target.location.href,
    };
    sendEvent(target, options, view);
  }, PAGE_VIEW_DELAY_MS);
}
