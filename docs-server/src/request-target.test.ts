import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from './request-target.js';

describe('parseRequestTarget', () => {
  it.each([
    ['/docs/2.0/auth/jwt?x=1', '/docs/2.0/auth/jwt', '?x=1'],
    // Targets that `new URL(target, base)` throws on, or reads as another host.
    ['//', '/', ''],
    ['///', '/', ''],
    ['/\\', '//', ''],
    ['//evil.example/docs/2.0/', '/evil.example/docs/2.0/', ''],
    // nginx matches the normalised path and forwards the raw one: both must name the same path.
    ['//a:b/../docs-services/docs-server/health', '/docs-services/docs-server/health', ''],
    ['/docs/2.0/a/../../../etc/passwd', '/etc/passwd', ''],
    ['/docs/2.0/%2e%2e/x', '/docs/x', ''],
    ['/docs/2.0/..%2fx', '/docs/2.0/..%2fx', ''],
    ['/%', '/%', ''],
    ['/a?b=%zz&c=//', '/a', '?b=%zz&c=//'],
    ['http://example.com/docs/2.0/?q=1', '/docs/2.0/', '?q=1'],
    ['HTTPS://example.com', '/', ''],
  ])('reads %s as path %s and query %s', (target, pathname, search) => {
    expect(parseRequestTarget(target)).toMatchObject({ pathname, search });
  });

  it.each([undefined, '', '*', 'example.com:443', 'http://[/', 'http://a b/', 'ftp://example.com/x', 'docs/2.0/'])(
    'names no path for %s',
    (target) => {
      expect(parseRequestTarget(target)).toBeUndefined();
    },
  );

  it('gives the query parameters', () => {
    expect(parseRequestTarget('/bot/query?version=v2.x&userId=u-1')!.searchParams.get('userId')).toBe('u-1');
  });
});
