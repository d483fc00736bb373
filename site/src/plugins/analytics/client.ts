import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { ClientModule } from '@docusaurus/types';
import globalData from '@generated/globalData';
import type { AnalyticsOptions } from './options';
import { schedulePageView } from './pageView';

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

const options = (globalData['docs-analytics'] as { default: AnalyticsOptions } | undefined)?.default ?? {
  endpoint: '',
  gtmContainerId: '',
};

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
    window.dataLayer = window.dataLayer || [];
    schedulePageView(
      {
        dataLayer: window.dataLayer,
        location: window.location,
        document,
        sendBeacon: navigator.sendBeacon ? (url, body) => navigator.sendBeacon(url, body) : undefined,
      },
      options,
    );
  },
};

export default clientModule;
