// Client module: the page-loading bar that Docusaurus shows during a client-side navigation (theme-classic's
// own nprogress client module starts it PROGRESS_BAR.delay ms after the navigation begins and ends it when
// the page has rendered). Here it gets the spec's timings and a template without nprogress's `role="bar"`:
// `bar` is not an ARIA role (axe `aria-roles`), and the bar only shows that a page is loading, so it is
// hidden from assistive technology and found by its class. Registered in the site config's
// `clientModules`, which Docusaurus evaluates after every plugin's and theme's client modules, so this
// configuration comes after theme-classic's (`showSpinner: false`, which it leaves as it is).
import nprogress from 'nprogress';
import { PROGRESS_BAR } from '../../constants';

export const PROGRESS_BAR_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

nprogress.configure({
  template: PROGRESS_BAR_TEMPLATE,
  barSelector: '.bar',
  speed: PROGRESS_BAR.speed,
  trickleSpeed: PROGRESS_BAR.trickleSpeed,
});
