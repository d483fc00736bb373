// Options of our analytics plugin, read from the environment at build time.
// With nothing set (the default) no request leaves the browser; page views still land in window.dataLayer.

export type AnalyticsOptions = {
  /** Where page views are POSTed as JSON (navigator.sendBeacon); empty = nowhere. */
  endpoint: string;
  /** Google Tag Manager container id (GTM-XXXX); empty = no tag manager is loaded. */
  gtmContainerId: string;
};

const GTM_ID = /^GTM-[A-Z0-9]+$/;

export function analyticsOptionsFromEnv(env: Record<string, string | undefined>): AnalyticsOptions {
  const endpoint = (env.ANALYTICS_ENDPOINT ?? '').trim();
  const gtmContainerId = (env.GTM_CONTAINER_ID ?? '').trim();
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error(`ANALYTICS_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  if (gtmContainerId && !GTM_ID.test(gtmContainerId)) {
    throw new Error(`GTM_CONTAINER_ID must look like GTM-XXXXXXX, got "${gtmContainerId}"`);
  }
  return { endpoint, gtmContainerId };
}
