import fs from 'node:fs';
import { createRequire } from 'node:module';
import nprogress from 'nprogress';
import { describe, expect, it } from 'vitest';
import { PROGRESS_BAR } from '../../constants';
import { PROGRESS_BAR_TEMPLATE } from '.';

describe('progress bar client module', () => {
  it('configures nprogress with the spec timings and a bar without an ARIA role, found by its class', () => {
    expect(nprogress.settings).toMatchObject({
      speed: PROGRESS_BAR.speed,
      trickleSpeed: PROGRESS_BAR.trickleSpeed,
      template: PROGRESS_BAR_TEMPLATE,
      barSelector: '.bar',
    });
    const bar = nprogress.render(true).querySelector(nprogress.settings.barSelector);
    nprogress.remove();
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(bar?.hasAttribute('role')).toBe(false);
  });

  it("starts the bar after PROGRESS_BAR.delay: the delay of theme-classic's nprogress client module", () => {
    // Docusaurus hard-codes the delay (no option): the spec's value must be the one it runs with.
    const require = createRequire(import.meta.url);
    const source = fs.readFileSync(require.resolve('@docusaurus/theme-classic/lib/nprogress.js'), 'utf8');
    expect(/const delay = (\d+);/.exec(source)?.[1]).toBe(String(PROGRESS_BAR.delay));
  });
});
