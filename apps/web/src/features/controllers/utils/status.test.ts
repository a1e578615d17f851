import { describe, expect, it } from 'vitest';
import type { AgentReportState } from '@syrx/contracts/agent-protocol';
import { controllerStatus, statusDetail, unitStatus } from './status';

const report = (...states: [string, string][]) => reportAs('reporting', ...states);
const reportAs = (agent_state: AgentReportState, ...states: [string, string][]) => ({
  statuses: states.map(([unit, active_state]) => ({ unit, active_state })),
  agent_state,
});

describe('controller status dot', () => {
  it('is grey (unknown) before the agent reported, and while the report loads', () => {
    expect(controllerStatus(null)).toBe('unknown');
    expect(controllerStatus(undefined)).toBe('unknown');
  });

  it('is green when every unit is active', () => {
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'active']))).toBe('up');
  });

  it('is yellow when any unit is not active, even when none is (spec 01 section 4: any not active means partly up)', () => {
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'failed']))).toBe('partly_up');
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'activating']))).toBe('partly_up');
    expect(controllerStatus(report(['a.service', 'failed'], ['b.service', 'inactive']))).toBe('partly_up');
  });

  it('is red when no answer came, the agent is disconnected or it has been silent, whatever its last report said', () => {
    expect(controllerStatus(undefined, true)).toBe('down');
    expect(controllerStatus(reportAs('disconnected', ['a.service', 'active']))).toBe('down');
    expect(controllerStatus(reportAs('silent', ['a.service', 'active']))).toBe('down');
  });

  it('says why', () => {
    expect(statusDetail(null)).toBe('No report from the agent yet');
    expect(statusDetail(reportAs('silent', ['a.service', 'active']))).toBe('The agent has been silent for more than two heartbeats');
    expect(statusDetail(reportAs('disconnected'))).toBe('The agent is disconnected');
    expect(statusDetail(report(['a.service', 'active'], ['b.service', 'failed']))).toBe('Not active: b.service');
    expect(statusDetail(report(['a.service', 'active']))).toBe('Every unit is active');
    expect(statusDetail(undefined, true)).toBe('The status could not be read');
  });
});

describe('service status dot', () => {
  const r = report(['syrx-updater.service', 'active'], ['rabbitmq-server.service', 'failed'], ['syrx-reporting.service', 'inactive'], ['syrx-control.service', 'reloading']);

  it('is green for an active unit, red for an inactive or failed one, yellow otherwise', () => {
    expect(unitStatus(r, 'syrx-updater.service')).toBe('up');
    expect(unitStatus(r, 'rabbitmq-server.service')).toBe('down');
    expect(unitStatus(r, 'syrx-reporting.service')).toBe('down');
    expect(unitStatus(r, 'syrx-control.service')).toBe('partly_up');
  });

  it('is red for a reported unit once the agent left or fell silent', () => {
    expect(unitStatus({ ...r, agent_state: 'disconnected' }, 'syrx-updater.service')).toBe('down');
    expect(unitStatus({ ...r, agent_state: 'silent' }, 'syrx-control.service')).toBe('down');
  });

  it('is grey without a report or without word of the unit', () => {
    expect(unitStatus(null, 'syrx-updater.service')).toBe('unknown');
    expect(unitStatus(r, 'syrx-diagnostic.service')).toBe('unknown');
  });
});
