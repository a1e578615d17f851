import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8080, databaseUrl: undefined, adminUsername: 'admin', demo: true, legacyAppUrl: '' });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, and names the variable when it is not a count', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    for (const bad of ['0', '2.5', 'many', '501']) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE: /);
  });

  it('turns the demo off by default with an external database, and on when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('runs the job worker by default, and checks that its lease outlasts the renewal', () => {
    expect(loadConfig({}).jobs).toEqual({ worker: true, pollMs: 1000, concurrency: 1, leaseMs: 30_000, renewMs: 10_000 });
    expect(loadConfig({ JOB_WORKER: 'false', JOB_CONCURRENCY: '4', JOB_LEASE_MS: '2000', JOB_LEASE_RENEW_MS: '500' }).jobs)
      .toEqual({ worker: false, pollMs: 1000, concurrency: 4, leaseMs: 2000, renewMs: 500 });
    expect(() => loadConfig({ JOB_LEASE_MS: '2000', JOB_LEASE_RENEW_MS: '2000' })).toThrow(/JOB_LEASE_RENEW_MS: must be shorter than JOB_LEASE_MS/);
    expect(() => loadConfig({ JOB_CONCURRENCY: '0', PORT: 'x' })).toThrow(/PORT[\s\S]*JOB_CONCURRENCY|JOB_CONCURRENCY[\s\S]*PORT/);
  });

  it('uses Stripe only with both keys, and the offline test mode otherwise', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def', STRIPE_WEBHOOK_SECRET: 'whsec_ghi' }).stripe)
      .toEqual({ secretKey: 'sk_test_abc', publishableKey: 'pk_test_def', webhookSecret: 'whsec_ghi' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: set both/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be of the same mode/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_ghi' })).toThrow(/STRIPE_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_def' })).toThrow(/STRIPE_SECRET_KEY: a Stripe secret key/);
  });

  it('refuses to serve /metrics on a non-loopback HOST without METRICS_TOKEN, unless METRICS_PUBLIC says so', () => {
    for (const host of ['127.0.0.1', '127.0.60.5', 'localhost', '::1']) expect(loadConfig({ HOST: host }).host).toBe(host);
    for (const host of ['0.0.0.0', '::', '10.1.2.3', 'console.example.com', '128.0.0.1']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/METRICS_TOKEN: HOST is not a loopback address.*set METRICS_TOKEN.*or METRICS_PUBLIC=true/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_TOKEN: 'a-token-of-16-chars' })).toMatchObject({ host: '0.0.0.0', metricsToken: 'a-token-of-16-chars', metricsPublic: false });
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PUBLIC: 'true' })).toMatchObject({ metricsToken: undefined, metricsPublic: true });
    expect(loadConfig({}).metricsPublic).toBe(false);
    expect(() => loadConfig({ HOST: '0.0.0.0', METRICS_PUBLIC: 'false' })).toThrow(/METRICS_TOKEN: HOST is not a loopback address/);
    expect(() => loadConfig({ METRICS_PUBLIC: 'maybe' })).toThrow(/METRICS_PUBLIC/);
  });

  it("takes browser sockets from PUBLIC_URL's origin (http://HOST:PORT by default) and ALLOWED_ORIGINS", () => {
    expect(loadConfig({}).allowedOrigins).toEqual(['http://127.0.0.1:8080']);
    expect(loadConfig({ HOST: '127.0.0.5', PORT: '9000' }).allowedOrigins).toEqual(['http://127.0.0.5:9000']);
    expect(loadConfig({ PUBLIC_URL: 'https://Console.example.com:443/app/', ALLOWED_ORIGINS: ' http://localhost:5173 ,https://console.example.com/,,https://b.example:8443' }).allowedOrigins)
      .toEqual(['https://console.example.com', 'http://localhost:5173', 'https://b.example:8443']);
    for (const bad of ['console.example.com', 'https://a.example/app', 'https://a.example?x=1', 'ftp://a.example', 'https://user@a.example', '*']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS\.0: each must be an origin/);
    }
  });

  it('fails with every bad variable listed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO: 'maybe' })).toThrow(/PORT[\s\S]*DEMO|DEMO[\s\S]*PORT/);
  });
});
