import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('trusts no proxy when TRUST_PROXY is empty or false', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8090,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      searchUrl: '/docs/2.0/search/',
      maxFrameBytes: 16384,
      maxConnections: 5000,
      maxConnectionsPerAddress: 20,
      trustProxy: [],
      rateLimitBurst: 5,
      rateLimitPerMinute: 20,
      addressRateLimitBurst: 20,
      addressRateLimitPerMinute: 60,
      connectRateLimitBurst: 30,
      connectRateLimitPerMinute: 60,
      badFrameLimitBurst: 20,
      badFrameLimitPerMinute: 60,
      maxTrackedAddresses: 100000,
      maxInFlightPerConnection: 2,
      heartbeatIntervalMs: 30000,
      shutdownGraceMs: 10000,
      chunkDelayMs: 0,
      llm: undefined,
      logLevel: 'info',
    });
    // Relative to the package, so it works from any working directory.
    expect(config.corpusPath).toBe(fileURLToPath(new URL('../../site/build/docs-corpus.json', import.meta.url)));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      ALLOWED_ORIGINS: 'https://hasura.io/, https://docs.example.com',
      CORPUS_PATH: 'some/corpus.json',
      TRUST_PROXY: '10.0.1.5, 192.168.0.0/16,loopback,::1',
      RATE_LIMIT_BURST: '9',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '30',
      CONNECT_RATE_LIMIT_BURST: '4',
      BAD_FRAME_LIMIT_PER_MINUTE: '7',
      LLM_BASE_URL: 'https://llm.example.com/v1/',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'm',
      LLM_TIMEOUT_MS: '5000',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(9000);
    expect(config.allowedOrigins).toEqual(['https://hasura.io', 'https://docs.example.com']);
    expect(config.corpusPath).toBe(resolve('some/corpus.json'));
    expect(config.trustProxy).toEqual(['10.0.1.5', '192.168.0.0/16', 'loopback', '::1']);
    expect(config.rateLimitBurst).toBe(9);
    expect(config).toMatchObject({
      addressRateLimitPerMinute: 30,
      connectRateLimitBurst: 4,
      badFrameLimitPerMinute: 7,
    });
    expect(config.llm).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 5000,
      maxTokens: 700,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ PORT: '-1' }, 'PORT must be an integer ≥ 0'],
    [{ RATE_LIMIT_BURST: '0' }, 'RATE_LIMIT_BURST must be an integer ≥ 1'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: invalid IP address: maybe'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: invalid range on address: 10.0.0.0/33'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY lists the proxies to trust'],
    [{ ADDRESS_RATE_LIMIT_BURST: '0' }, 'ADDRESS_RATE_LIMIT_BURST must be an integer ≥ 1'],
    [{ LLM_BASE_URL: 'https://llm.example.com/v1' }, 'LLM_MODEL must be set'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
