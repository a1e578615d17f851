import { createSocket, type Socket } from 'node:dgram';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConfigSchema, type AgentConfig } from '@syrx/contracts/agent-protocol';
import { demoSitePath, loadSite } from '@syrx/bacnet-sim';
import { startSite, type RunningSite } from '@syrx/bacnet-sim/testing';
import { ask } from '../../testing/sim-fixture.ts';
import { BacnetInterface } from './bacnet-interface.ts';
import { createQueryService, interfaceTarget } from './query.service.ts';

// This file's address range: the demo building at 127.0.47.0; the agent binds at .200–.202 of it.
let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await loadSite(demoSitePath), { baseAddress: '127.0.47.0' });
});
afterAll(async () => {
  await site.stop();
});

const config = (bacnet: AgentConfig['bacnet']): AgentConfig => agentConfigSchema.parse({ enabled_services: [], bacnet });
const recordingLogger = () => {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) }) };
};

describe('interfaceTarget', () => {
  const fallback = { address: '127.0.10.200', port: 47808, bbmds: ['127.0.10.1:47808'] };
  it('takes the address, port and BBMD servers the server pushes, else the agent settings', () => {
    expect(interfaceTarget(null, fallback)).toEqual({ address: '127.0.10.200', port: 47808, bbmds: ['127.0.10.1:47808'] });
    expect(interfaceTarget(config(null), fallback)).toEqual({ address: '127.0.10.200', port: 47808, bbmds: ['127.0.10.1:47808'] });
    expect(interfaceTarget(config({ ip_address: '10.1.1.5', port_num: 47809, bbmd_servers: [{ ip_address: '10.1.1.1', ip_mask: '255.255.255.255', port_num: 47808 }] }), fallback))
      .toEqual({ address: '10.1.1.5', port: 47809, bbmds: ['10.1.1.1:47808'] });
    expect(interfaceTarget(config({ ip_address: '10.1.1.5', port_num: 47808, bbmd_servers: [] }), fallback).bbmds).toEqual(['127.0.10.1:47808']);
    expect(interfaceTarget(config({ ip_address: '10.1.1.5', port_num: 47808, bbmd_servers: [], apdu_timeout_ms: 5000, apdu_retries: 1 }), fallback))
      .toMatchObject({ apduTimeoutMs: 5000, apduRetries: 1 });
  });
});

describe('the query service', () => {
  it('opens the fallback interface at start, moves to what the server pushes, and answers requests there', async () => {
    const { logger } = recordingLogger();
    const service = createQueryService({ version: '1.0.0', logger, fallback: { address: '127.0.47.200', port: 47808 }, broadcastAddress: '127.0.47.255' });
    service.start?.({ emitWithAck: async () => ({ ok: true }) });
    const fallback = await service.bacnet.network();
    expect(fallback.address).toBe('127.0.47.200:47808');
    expect(service.state()).toBe('active');
    const discover = async () => (await ask(service.requests?.DiscoverDevices ?? (() => Promise.reject(new Error('no handler'))), { durationSeconds: 1 })).at(-1)?.Data;

    const bbmd = [{ ip_address: '127.0.47.1', ip_mask: '255.255.255.255', port_num: 47808 }];
    // The same interface with a BBMD: it stays bound and registers with the BBMD.
    service.configure?.(config({ ip_address: '127.0.47.200', port_num: 47808, bbmd_servers: bbmd }));
    expect(await service.bacnet.network()).toBe(fallback);
    expect(service.bacnet.bbmds()).toEqual(['127.0.47.1:47808']);
    expect(await discover()).toHaveLength(25); // through the BBMD

    service.configure?.(config({ ip_address: '127.0.47.201', port_num: 47808, bbmd_servers: bbmd }));
    expect((await service.bacnet.network()).address).toBe('127.0.47.201:47808');
    expect(await discover()).toHaveLength(25);
    expect(service.diagnostics?.()).toMatchObject({ apdu_timeout_ms: 3000, apdu_retries: 3 });

    // The network's APDU timing (issue 22): the interface opens again with it, and the diagnostics report it.
    service.configure?.(config({ ip_address: '127.0.47.201', port_num: 47808, bbmd_servers: bbmd, apdu_timeout_ms: 700, apdu_retries: 2 }));
    const timed = await service.bacnet.network();
    expect({ address: timed.address, timeout: timed.apduTimeoutMs, retries: timed.apduRetries }).toEqual({ address: '127.0.47.201:47808', timeout: 700, retries: 2 });
    expect(await discover()).toHaveLength(25);
    expect(service.diagnostics?.()).toMatchObject({ apdu_timeout_ms: 700, apdu_retries: 2, retransmissions: 0 });
    await service.stop?.();
  });
});

describe('BacnetInterface', () => {
  let squatter: Socket;
  beforeAll(async () => {
    squatter = createSocket({ type: 'udp4', reuseAddr: false });
    await new Promise<void>((resolve) => squatter.bind(47808, '127.0.47.202', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

  it('says clearly when its address cannot be bound, fails its requests, and binds once the address is free', async () => {
    const { lines, logger } = recordingLogger();
    const bacnet = new BacnetInterface({ logger, broadcastAddress: '127.0.47.255', rebindMs: 50 });
    bacnet.open({ address: '127.0.47.202', port: 47808, bbmds: [] });
    await expect(bacnet.network()).rejects.toThrow(/The BACnet interface 127\.0\.47\.202:47808 could not be bound: .*EADDRINUSE/);
    expect(bacnet.state()).toBe('failed');
    const logged = lines.find((l) => l.level === 50);
    expect(logged?.msg).toBe('cannot bind the BACnet interface 127.0.47.202:47808; BACnet requests fail until it can');
    expect(logged?.err).toMatch(/EADDRINUSE/);

    await new Promise<void>((resolve) => squatter.close(() => resolve()));
    squatter = createSocket({ type: 'udp4' }); // closed again in afterAll
    await new Promise<void>((resolve) => squatter.bind(0, '127.0.0.1', resolve));
    const bound = new Promise<void>((resolve) => {
      const poll = setInterval(() => bacnet.state() === 'active' && (clearInterval(poll), resolve()), 20);
    });
    await bound;
    expect((await bacnet.network()).address).toBe('127.0.47.202:47808');
    bacnet.close();
  });
});
