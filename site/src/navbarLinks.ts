// The navbar's and footer's links to hasura.io and the cloud console, with the tracking parameters every
// call-to-action link carries.

/** Marketing site and cloud console links in the navbar. */
export const PUBLIC_SITE = 'https://hasura.io';
export const CLOUD_CONSOLE = 'https://cloud.hasura.io';

/** Tracking parameters carried by every call-to-action link: page, placement, call to action, technology. */
export const TRACKING_PARAMS = ['pg', 'plcmt', 'cta', 'tech'] as const;
export function trackedUrl(base: string, placement: string, cta: string): string {
  const url = new URL(base);
  const values: Record<(typeof TRACKING_PARAMS)[number], string> = {
    pg: 'docs',
    plcmt: placement,
    cta,
    tech: 'default',
  };
  for (const key of TRACKING_PARAMS) url.searchParams.set(key, values[key]);
  return url.toString();
}

export const NAVBAR_LINKS = {
  product: `${PUBLIC_SITE}/product/`,
  blog: `${PUBLIC_SITE}/blog/`,
  tutorials: `${PUBLIC_SITE}/learn/`,
  whatsNew: `${PUBLIC_SITE}/changelog/`,
  pricing: trackedUrl(`${PUBLIC_SITE}/pricing/`, 'header', 'pricing'),
  login: trackedUrl(`${CLOUD_CONSOLE}/login`, 'header', 'log-in'),
  getStarted: trackedUrl(`${CLOUD_CONSOLE}/signup`, 'header', 'get-started'),
} as const;
