import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8080, databaseUrl: undefined, adminUsername: 'admin', demo: true, legacyAppUrl: '' });
    expect(c.dataDir).toMatch(/\/data$/);
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

  it('fails with every bad variable listed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO: 'maybe' })).toThrow(/PORT[\s\S]*DEMO|DEMO[\s\S]*PORT/);
  });
});
