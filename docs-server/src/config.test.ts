import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
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
      trustProxy: false,
      rateLimitBurst: 5,
      rateLimitPerMinute: 20,
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
      TRUST_PROXY: 'true',
      RATE_LIMIT_BURST: '9',
      LLM_BASE_URL: 'https://llm.example.com/v1/',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'm',
      LLM_TIMEOUT_MS: '5000',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(9000);
    expect(config.allowedOrigins).toEqual(['https://hasura.io', 'https://docs.example.com']);
    expect(config.corpusPath).toBe(resolve('some/corpus.json'));
    expect(config.trustProxy).toBe(true);
    expect(config.rateLimitBurst).toBe(9);
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
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
    [{ LLM_BASE_URL: 'https://llm.example.com/v1' }, 'LLM_MODEL must be set'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
