import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig } from '../../server/config';

const CWD = '/srv/atlas';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has production defaults', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: path.join(CWD, 'var/atlas.db') },
      logLevel: 'info',
      distDir: path.join(CWD, 'dist'),
      publicDir: path.join(CWD, 'public'),
      seedSynthetic: 0,
      jwtSecret: null,
      redisUrl: null,
      corsOrigins: [],
      role: 'all',
      ingest: true,
      starterSet: true,
    });
  });

  it('reads the ingestion switches and refuses anything but on/off', () => {
    const config = loadConfig({ ATLAS_INGEST: 'off', ATLAS_STARTER: 'No' }, CWD);
    expect(config.ingest).toBe(false);
    expect(config.starterSet).toBe(false);
    expect(loadConfig({ ATLAS_INGEST: 'ON' }, CWD).ingest).toBe(true);
    expect(() => loadConfig({ ATLAS_INGEST: 'maybe' }, CWD)).toThrow(
      /ATLAS_INGEST must be on or off, got "maybe"/,
    );
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'WARN',
        ATLAS_DIST_DIR: '/opt/client',
        ATLAS_PUBLIC_DIR: 'assets',
        ATLAS_SEED_SYNTHETIC: '50000',
        DATABASE_URL: 'sqlite:/data/atlas.db',
        ATLAS_JWT_SECRET: 'x'.repeat(40),
        REDIS_URL: 'redis://127.0.0.1:6379/2',
        ATLAS_CORS_ORIGINS: 'https://news.example.org, http://localhost:5173',
        ATLAS_ROLE: 'Worker',
        ATLAS_INGEST: 'off',
        ATLAS_STARTER: 'off',
      },
      CWD,
    );
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      logLevel: 'warn',
      distDir: '/opt/client',
      publicDir: path.join(CWD, 'assets'),
      seedSynthetic: 50000,
      database: { kind: 'sqlite', file: '/data/atlas.db' },
      jwtSecret: 'x'.repeat(40),
      redisUrl: 'redis://127.0.0.1:6379/2',
      corsOrigins: ['https://news.example.org', 'http://localhost:5173'],
      role: 'worker',
      ingest: false,
      starterSet: false,
    });
  });

  it('rejects a short JWT secret, a non-redis REDIS_URL, inexact origins and unknown roles', () => {
    const problems = problemsOf({
      ATLAS_JWT_SECRET: 'short',
      REDIS_URL: 'http://127.0.0.1:6379',
      ATLAS_CORS_ORIGINS: 'https://ok.example.org,https://bad.example.org/path,*',
      ATLAS_ROLE: 'scheduler',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/ATLAS_JWT_SECRET must be at least 32/);
    expect(problems.join('\n')).toMatch(/REDIS_URL must be a redis/);
    expect(problems.join('\n')).toMatch(/bad\.example\.org\/path/);
    expect(problems.join('\n')).toMatch(/got "\*"/);
    expect(problems.join('\n')).toMatch(/ATLAS_ROLE must be one of all, api, worker/);
  });

  it.each([
    ['sqlite:var/x.db', { kind: 'sqlite', file: path.join(CWD, 'var/x.db') }],
    ['sqlite:///tmp/x.db', { kind: 'sqlite', file: '/tmp/x.db' }],
    ['sqlite::memory:', { kind: 'sqlite', file: ':memory:' }],
    ['data/plain.db', { kind: 'sqlite', file: path.join(CWD, 'data/plain.db') }],
    ['/abs/plain.db', { kind: 'sqlite', file: '/abs/plain.db' }],
    [
      'postgres://u:p@db.internal:5432/atlas',
      { kind: 'postgres', url: 'postgres://u:p@db.internal:5432/atlas', schema: null },
    ],
    [
      'postgresql://u@127.0.0.1/atlas?schema=tenant_1&sslmode=require',
      {
        kind: 'postgres',
        url: 'postgresql://u@127.0.0.1/atlas?sslmode=require',
        schema: 'tenant_1',
      },
    ],
  ])('parses DATABASE_URL=%s', (url, expected) => {
    expect(loadConfig({ DATABASE_URL: url }, CWD).database).toEqual(expected);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }, CWD).port).toBe(3000);
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({
      PORT: '70000',
      LOG_LEVEL: 'verbose',
      DATABASE_URL: 'mysql://x@y/z',
      ATLAS_SEED_SYNTHETIC: '-5',
      HOST: 'bad host!',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT must be between 0 and 65535, got 70000/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL must be one of fatal, error/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL scheme is not supported: "mysql:"/);
    expect(problems.join('\n')).toMatch(/ATLAS_SEED_SYNTHETIC must be an integer/);
    expect(problems.join('\n')).toMatch(/HOST must be/);
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer/],
    ['PORT', '3000.5', /PORT must be an integer/],
    ['ATLAS_SEED_SYNTHETIC', '2000000', /ATLAS_SEED_SYNTHETIC must be between 0 and 1000000/],
    ['DATABASE_URL', 'sqlite:', /needs a file path/],
    ['DATABASE_URL', 'postgres://', /must name a host|not a valid/],
    ['DATABASE_URL', 'postgres://u@h/db?schema=Bad-Name', /schema must match/],
  ])('rejects %s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value }).join('\n')).toMatch(message);
  });

  it('reads the LLM analyser variables only when ATLAS_LLM_URL is set', () => {
    expect(loadConfig({ ATLAS_LLM_MODEL: 'm', ATLAS_LLM_KEY: 'k' }, CWD).llm).toBeUndefined();
    expect(
      loadConfig({ ATLAS_LLM_URL: 'http://127.0.0.1:11434', ATLAS_LLM_MODEL: 'qwen3:4b' }, CWD).llm,
    ).toEqual({
      url: 'http://127.0.0.1:11434',
      apiKey: null,
      model: 'qwen3:4b',
      dailyTokens: 200_000,
      timeoutMs: 60_000,
    });
    expect(
      loadConfig(
        {
          ATLAS_LLM_URL: 'https://llm.example.org/v1',
          ATLAS_LLM_KEY: 'sk-abc',
          ATLAS_LLM_MODEL: 'gpt-x',
          ATLAS_LLM_DAILY_TOKENS: '0',
          ATLAS_LLM_TIMEOUT_MS: '15000',
        },
        CWD,
      ).llm,
    ).toEqual({
      url: 'https://llm.example.org/v1',
      apiKey: 'sk-abc',
      model: 'gpt-x',
      dailyTokens: 0,
      timeoutMs: 15_000,
    });
  });

  it('rejects a bad LLM configuration without echoing the URL or the key', () => {
    const problems = problemsOf({
      ATLAS_LLM_URL: 'ftp://user:sk-SECRET@llm.example.org',
      ATLAS_LLM_KEY: 'sk-SECRET',
      ATLAS_LLM_DAILY_TOKENS: '-1',
      ATLAS_LLM_TIMEOUT_MS: '10',
    });
    expect(problems).toEqual([
      'ATLAS_LLM_URL must be an http:// or https:// URL',
      'ATLAS_LLM_MODEL must be set when ATLAS_LLM_URL is set',
      'ATLAS_LLM_DAILY_TOKENS must be an integer between 0 and 1000000000, got "-1"',
      'ATLAS_LLM_TIMEOUT_MS must be between 1000 and 600000, got 10',
    ]);
    expect(problems.join('\n')).not.toContain('SECRET');
  });

  it('masks the password when describing the database', () => {
    const { database } = loadConfig({ DATABASE_URL: 'postgres://u:hunter2@h:5432/db' }, CWD);
    expect(describeDatabase(database)).toBe('postgres://u:***@h:5432/db');
    expect(describeDatabase({ kind: 'sqlite', file: '/x.db' })).toBe('sqlite:/x.db');
  });
});

describe('ATLAS_TRUST_PROXY (issue #28)', () => {
  it('takes a list of proxy addresses and ranges, refuses trust-all values', () => {
    expect(
      loadConfig({ ATLAS_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }, '/srv').trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(loadConfig({}, '/srv').trustProxy).toBeUndefined();
    for (const bad of ['*', 'true', '0.0.0.0/0', 'proxy.example.com', '10.0.0.1/33']) {
      expect(() => loadConfig({ ATLAS_TRUST_PROXY: bad }, '/srv')).toThrow(/ATLAS_TRUST_PROXY/);
    }
  });
});
