import type { AnalyticsOptions } from '../../buildEnv';

/** One analytics event: what Google Tag Manager's data layer takes, and what the endpoint receives as JSON. */
export type AnalyticsEvent = { event: string; [field: string]: unknown };

export type Target = {
  dataLayer: unknown[];
  sendBeacon?: (url: string, body: string) => boolean;
};

/**
 * The one way an event leaves a page: it is pushed to the data layer (read by a tag manager when one is
 * configured) and, only when an endpoint is configured, also POSTed there. By default nothing leaves
 * the browser.
 */
export function sendEvent(target: Target, options: AnalyticsOptions, event: AnalyticsEvent): void {
  target.dataLayer.push(event);
  if (options.endpoint && target.sendBeacon) target.sendBeacon(options.endpoint, JSON.stringify(event));
}
