import { afterEach, describe, expect, it } from 'vitest';
import { unscrapedDefaults } from '../../lib/prometheus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

const scrape = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('operability', () => {
  it('answers liveness and readiness (the database answers)', async () => {
    t = await createTestApp();
    const c = t.client();
    expect((await c.get('/api/health/live')).json()).toEqual({ status: 'ok' });
    expect((await c.get('/api/health/ready')).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('exposes requests by route pattern, latencies, the job queue, sockets and the pool to loopback scrapers only', async () => {
    t = await createTestApp();
    const c = t.client();
    await c.signIn();
    await c.get('/api/v2/jobs/987654');
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const body = res.body;
    expect(body).toMatch(/syrx_http_requests_total\{method="GET",route="\/api\/v2\/jobs\/:id",status_code="404"\} 1/);
    expect(body).toContain('syrx_http_request_duration_seconds_bucket');
    expect(body).toMatch(/syrx_jobs_queued \d+/);
    expect(body).toMatch(/syrx_agents_connected 0/);
    expect(body).toMatch(/syrx_db_pool_connections\{state="total"\} \d+/);
    expect(body).toContain('syrx_process_resident_memory_bytes');
    expect(body).toMatch(/syrx_process_open_fds \d+/);
    // Not what lists every socket at each scrape (lib/prometheus.ts).
    for (const name of unscrapedDefaults) expect(body).not.toMatch(new RegExp(`syrx_${name}[ {]`));
    expect((await scrape(t, {}, '10.1.2.3')).statusCode).toBe(403);
  });

  it('times each stage of a request (the user lookup, arrival to handler, handler, serialisation, sending) and the pool wait', async () => {
    t = await createTestApp();
    const c = t.client();
    await c.signIn();
    expect((await c.get('/api/v2/jobs?skip=0&take=5')).statusCode).toBe(200);
    // A list whose JSON the database builds is sent from inside its handler: its stages are there all the same.
    const ctl = (await c.post('/api/SyrxControllers', { name: 'Timed', description: '' })).json<{ id: string }>();
    expect((await c.get(`/api/SyrxControllers/${ctl.id}/bacnet-points`)).body).toBe('[]');
    const body = (await scrape(t)).body;
    const count = (route: string, stage: string) => Number(new RegExp(`syrx_http_request_stage_seconds_count\\{route="${route}",stage="${stage}"\\} (\\d+)`).exec(body)?.[1] ?? 0);
    for (const route of ['/api/v2/jobs', '/api/SyrxControllers/:id/bacnet-points']) {
      for (const stage of ['identify', 'receive', 'handler', 'serialize', 'send']) expect(count(route, stage), `${route} ${stage}`).toBe(1);
    }
    expect(Number(/syrx_db_pool_wait_seconds_count (\d+)/.exec(body)?.[1] ?? 0)).toBeGreaterThan(0);
  });

  it('asks for the bearer token when one is configured', async () => {
    t = await createTestApp({ METRICS_TOKEN: 'a-long-metrics-token-0123' });
    expect((await scrape(t)).statusCode).toBe(403);
    expect((await scrape(t, { authorization: 'Bearer wrong-token-of-the-same-len' })).statusCode).toBe(403);
    expect((await scrape(t, { authorization: 'Bearer a-long-metrics-token-0123' }, '10.1.2.3')).statusCode).toBe(200);
  });

  it('answers every caller without a token when METRICS_PUBLIC=true, and still asks for the token when one is set', async () => {
    t = await createTestApp({ METRICS_PUBLIC: 'true' });
    expect((await scrape(t, {}, '10.1.2.3')).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ METRICS_PUBLIC: 'true', METRICS_TOKEN: 'a-long-metrics-token-0123' });
    expect((await scrape(t, {}, '10.1.2.3')).statusCode).toBe(403);
    expect((await scrape(t, { authorization: 'Bearer a-long-metrics-token-0123' }, '10.1.2.3')).statusCode).toBe(200);
  });
});
