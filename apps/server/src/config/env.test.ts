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

  it('fails with every bad variable listed', () => {
    expect(() => loadConfig({ PORT: 'eighty', DEMO: 'maybe' })).toThrow(/PORT[\s\S]*DEMO|DEMO[\s\S]*PORT/);
  });
});
