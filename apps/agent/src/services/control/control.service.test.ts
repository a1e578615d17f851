import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { agentConfigSchema, agentEvents, terminalAgentSchemas } from '@syrx/contracts/agent-protocol';
import { serviceIds } from '@syrx/contracts/services';
import { silentLogger } from '../../logger.ts';
import { recordingContext, type RecordingContext } from '../../testing/recording-context.ts';
import { eventually } from '../../testing/reporting-fixture.ts';
import { createControlService, type ControlServiceOptions } from './control.service.ts';

// Real shells in real pseudo-terminals (node-pty); the server is a recording context.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const enabled = (on: boolean) => agentConfigSchema.parse({ enabled_services: on ? [{ service_id: serviceIds.control, assigned_version: '*' }] : [], bacnet: null });

function startService(o: Partial<ControlServiceOptions> = {}) {
  const service = createControlService({ version: '1.0.0', logger: silentLogger, ...o });
  cleanups.push(() => service.stop?.() ?? Promise.resolve());
  const server = recordingContext();
  service.start?.(server.context);
  return { service, server };
}
const output = (server: RecordingContext, terminalId: string) =>
  server.payloads(agentEvents.terminalOutput).map((p) => terminalAgentSchemas.output.parse(p)).filter((p) => p.terminalId === terminalId).map((p) => p.data).join('');
const exits = (server: RecordingContext) => server.payloads(agentEvents.terminalExit).map((p) => terminalAgentSchemas.exit.parse(p));

describe('control service', { timeout: 30_000 }, () => {
  it('runs a shell: input in, output back, resize, close, exit reported', async () => {
    const { service, server } = startService();
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 't1', cols: 80, rows: 24 })).toEqual({ ok: false, error: 'The control service is not enabled on this controller.' });
    service.configure?.(enabled(true));
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 't1', cols: 80, rows: 24 })).toEqual({ ok: true });
    expect(service.openTerminals()).toBe(1);

    const word = `syrx-${randomUUID().slice(0, 8)}`;
    server.send(agentEvents.terminalInput, { terminalId: 't1', data: `echo ${word}\n` });
    // The command echoed as typed, then its output on a line of its own.
    await eventually(() => new RegExp(`[\\r\\n]${word}\\r\\n`).test(output(server, 't1')), 'the echo');
    expect(output(server, 't1')).toContain(`echo ${word}`);

    server.send(agentEvents.terminalResize, { terminalId: 't1', cols: 132, rows: 43 });
    server.send(agentEvents.terminalInput, { terminalId: 't1', data: 'stty size\n' });
    await eventually(() => /[\r\n]43 132\r\n/.test(output(server, 't1')), 'the new size');

    expect(await server.request(agentEvents.terminalClose, { terminalId: 't1' })).toEqual({ ok: true });
    const [exit] = await eventually(() => { const e = exits(server); return e.length > 0 ? e : null; }, 'the exit');
    expect(exit?.terminalId).toBe('t1');
    expect(service.openTerminals()).toBe(0);
  });

  it('reports the shell\'s own exit with its code', async () => {
    const { service, server } = startService();
    service.configure?.(enabled(true));
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 't2', cols: 80, rows: 24 })).toEqual({ ok: true });
    server.send(agentEvents.terminalInput, { terminalId: 't2', data: 'exit 3\n' });
    const [exit] = await eventually(() => { const e = exits(server); return e.length > 0 ? e : null; }, 'the exit');
    expect(exit).toEqual({ terminalId: 't2', exitCode: 3 });
  });

  it('refuses terminals beyond its maximum, and closes them all when disconnected, disabled or stopped', async () => {
    const { service, server } = startService({ max: 2 });
    service.configure?.(enabled(true));
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'a', cols: 80, rows: 24 })).toEqual({ ok: true });
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'a', cols: 80, rows: 24 })).toEqual({ ok: false, error: 'Terminal a is already open.' });
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'b', cols: 80, rows: 24 })).toEqual({ ok: true });
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'c', cols: 80, rows: 24 })).toEqual({ ok: false, error: 'This controller already has 2 terminals open.' });
    expect(await server.request(agentEvents.terminalOpen, { terminalId: '', cols: 80, rows: 24 })).toEqual({ ok: false, error: 'The terminal request is not valid.' });

    server.disconnect();
    await eventually(() => service.openTerminals() === 0, 'every terminal closed');
    server.reconnect();
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'd', cols: 80, rows: 24 })).toEqual({ ok: true });
    service.configure?.(enabled(false));
    await eventually(() => service.openTerminals() === 0, 'closed when disabled');
    service.configure?.(enabled(true));
    expect(await server.request(agentEvents.terminalOpen, { terminalId: 'e', cols: 80, rows: 24 })).toEqual({ ok: true });
    await service.stop?.();
    expect(service.openTerminals()).toBe(0);
    expect(exits(server).map((e) => e.terminalId)).toEqual(['d', 'e']);
  });
});
