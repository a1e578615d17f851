import type { CriticalUnitStatus } from '@syrx/contracts/agent-protocol';

/** A status dot: grey unknown, green up, yellow partly up, red down (spec 01 sections 2 and 4). */
export type StatusLevel = 'unknown' | 'up' | 'partly_up' | 'down';

export const statusColors: Record<StatusLevel, string> = {
  unknown: '#bfbfbf',
  up: '#52c41a',
  partly_up: '#fadb14',
  down: '#ff4d4f',
};

export const statusLabels: Record<StatusLevel, string> = {
  unknown: 'Status unknown',
  up: 'Up',
  partly_up: 'Partly up',
  down: 'Down',
};

interface Report {
  statuses: readonly CriticalUnitStatus[];
}

/**
 * A controller's dot from its agent's latest report: no report yet (or still loading) is unknown; every unit
 * active is up; some active is partly up; none active, no unit at all, or the status call failing is down.
 */
export function controllerStatus(report: Report | null | undefined, failed = false): StatusLevel {
  if (failed) return 'down';
  if (!report) return 'unknown';
  const active = report.statuses.filter((s) => s.active_state === 'active').length;
  if (active === 0) return 'down';
  return active === report.statuses.length ? 'up' : 'partly_up';
}

/**
 * One service's dot from the state of its systemd unit: active is up; inactive or failed is down; any other
 * state (activating, deactivating, reloading…) is partly up; no report, or no word of the unit, is unknown.
 */
export function unitStatus(report: Report | null | undefined, unit: string): StatusLevel {
  const state = report?.statuses.find((s) => s.unit === unit)?.active_state;
  switch (state) {
    case undefined:
      return 'unknown';
    case 'active':
      return 'up';
    case 'inactive':
    case 'failed':
      return 'down';
    default:
      return 'partly_up';
  }
}
