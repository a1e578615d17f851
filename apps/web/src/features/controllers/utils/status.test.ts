import { describe, expect, it } from 'vitest';
import { controllerStatus, unitStatus } from './status';

const report = (...states: [string, string][]) => ({ statuses: states.map(([unit, active_state]) => ({ unit, active_state })) });

describe('controller status dot', () => {
  it('is grey (unknown) before the agent reported, and while the report loads', () => {
    expect(controllerStatus(null)).toBe('unknown');
    expect(controllerStatus(undefined)).toBe('unknown');
  });

  it('is green when every unit is active', () => {
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'active']))).toBe('up');
  });

  it('is yellow when only some units are active', () => {
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'failed']))).toBe('partly_up');
    expect(controllerStatus(report(['a.service', 'active'], ['b.service', 'activating']))).toBe('partly_up');
  });

  it('is red when nothing runs or no answer came', () => {
    expect(controllerStatus(report(['a.service', 'failed'], ['b.service', 'inactive']))).toBe('down');
    expect(controllerStatus(report())).toBe('down');
    expect(controllerStatus(undefined, true)).toBe('down');
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

  it('is grey without a report or without word of the unit', () => {
    expect(unitStatus(null, 'syrx-updater.service')).toBe('unknown');
    expect(unitStatus(r, 'syrx-diagnostic.service')).toBe('unknown');
  });
});
