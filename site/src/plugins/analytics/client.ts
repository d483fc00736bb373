import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { ClientModule } from '@docusaurus/types';
import globalData from '@generated/globalData';
import type { AnalyticsOptions } from '../../buildEnv';
import { schedulePageView } from './pageView';
import { sendEvent, type AnalyticsEvent } from './track';

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

const options = (globalData['docs-analytics'] as { default: AnalyticsOptions } | undefined)?.default ?? {
  endpoint: '',
  gtmContainerId: '',
};

/** The page's own analytics target: the data layer and, when the browser has it, sendBeacon. */
function pageTarget() {
  window.dataLayer = window.dataLayer || [];
  return {
    dataLayer: window.dataLayer,
    sendBeacon: navigator.sendBeacon ? (url: string, body: string) => navigator.sendBeacon(url, body) : undefined,
  };
}

/** Records an event of a component (page feedback, for example) the way page views are recorded. */
export function recordEvent(event: AnalyticsEvent): void {
  if (ExecutionEnvironment.canUseDOM) sendEvent(pageTarget(), options, event);
}

const clientModule: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (!ExecutionEnvironment.canUseDOM) return;
    // The first load (no previous location) is a page view; a hash-only change within a page is not.
    if (
      previousLocation &&
      location.pathname === previousLocation.pathname &&
      location.search === previousLocation.search
    )
      return;
    schedulePageView({ ...pageTarget(), location: window.location, document }, options);
  },
};

export default clientModule;
