import { totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { agentMetricSampleSchema, type AgentMetricSample } from '@syrx/contracts/metrics';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { agentProcessGroup, MetricsSampler } from './metrics-sampler.ts';

// The machine's real figures (systeminformation, the test process as the agent); no systemd here.
const units = [serviceUnits[serviceIds.updater], serviceUnits[serviceIds.reporting], serviceUnits[serviceIds.diagnostic]];
const figures = (s: AgentMetricSample) => ({ cpu: s[3], memPercent: s[4], memKb: s[5] });

describe('metrics sampler', { timeout: 30_000 }, () => {
  it('samples the machine, the agent and the busiest programs, and each service unit with the agent\'s figures', async () => {
    const sampler = new MetricsSampler({ units, systemd: false, topPrograms: 3 });
    await sampler.sample();
    // Some work between samples, so the agent's cpu is measured over a busy interval.
    const until = Date.now() + 200;
    for (let x = 0; Date.now() < until; x++) Math.sqrt(x);
    const now = Date.now();
    const samples = (await sampler.sample(now)).map((s) => agentMetricSampleSchema.parse(s));

    expect(samples.every((s) => s[0] === now)).toBe(true);
    const overall = samples.filter((s) => s[1] === 'overall');
    const processes = samples.filter((s) => s[1] === 'process');
    const unitSamples = samples.filter((s) => s[1] === 'systemd_service');
    expect(overall.map((s) => s[2])).toEqual(['overall']);
    expect(processes[0]?.[2]).toBe(agentProcessGroup);
    expect(processes.length).toBe(4);
    expect(new Set(processes.map((s) => s[2])).size).toBe(4);
    expect(unitSamples.map((s) => s[2])).toEqual(units);

    for (const s of samples) {
      const f = figures(s);
      expect(f.cpu).toBeGreaterThanOrEqual(0);
      expect(f.cpu).toBeLessThanOrEqual(100.5);
      expect(f.memPercent).toBeGreaterThanOrEqual(0);
      expect(f.memPercent).toBeLessThanOrEqual(100);
      expect(f.memKb).toBeGreaterThanOrEqual(0);
    }
    const machine = figures(overall[0] as AgentMetricSample);
    expect(machine.memKb).toBeGreaterThan(0);
    expect(machine.memKb).toBeLessThanOrEqual(totalmem() / 1024);
    const agent = figures(processes[0] as AgentMetricSample);
    expect(agent.cpu).toBeGreaterThan(0);
    expect(agent.memKb).toBeGreaterThan(10_000);
    expect(agent.memKb).toBeLessThan(machine.memKb);
    // Without systemd the services run in the agent: every unit reports the agent's figures.
    for (const s of unitSamples) expect(figures(s)).toEqual(agent);
  });
});
