import { describe, expect, it } from 'vitest';
import { NAVBAR_LINKS, TRACKING_PARAMS, trackedUrl } from './navbarLinks';

describe('trackedUrl', () => {
  it('adds every tracking parameter with its value', () => {
    const url = new URL(trackedUrl('https://cloud.hasura.io/signup', 'header', 'get-started'));
    expect([...url.searchParams.keys()]).toEqual([...TRACKING_PARAMS]);
    expect(url.searchParams.get('pg')).toBe('docs');
    expect(url.searchParams.get('plcmt')).toBe('header');
    expect(url.searchParams.get('cta')).toBe('get-started');
    expect(url.searchParams.get('tech')).toBe('default');
    expect(url.origin + url.pathname).toBe('https://cloud.hasura.io/signup');
  });

  it('is used by every call-to-action link of the navbar', () => {
    for (const key of ['pricing', 'login', 'getStarted'] as const) {
      const params = new URL(NAVBAR_LINKS[key]).searchParams;
      for (const p of TRACKING_PARAMS) expect(params.get(p), `${key} ${p}`).toBeTruthy();
    }
  });
});
