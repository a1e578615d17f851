import type { AgentReportState, CriticalUnitStatus } from '@syrx/contracts/agent-protocol';

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

/** A status report as the server answers it: the units, and whether the report still speaks for the controller. */
export interface StatusReport {
  statuses: readonly CriticalUnitStatus[];
  agent_state: AgentReportState;
}

/** The report no longer counts: its agent left or has been silent for more than two heartbeats. */
const gone = (report: StatusReport): boolean => report.agent_state !== 'reporting';

/**
 * A controller's dot (spec 01 section 4): no report yet (or still loading) is unknown; the status call failing, or an
 * agent disconnected or silent, is down; every unit active is up; any unit not active is partly up.
 */
export function controllerStatus(report: StatusReport | null | undefined, failed = false): StatusLevel {
  if (failed) return 'down';
  if (!report) return 'unknown';
  if (gone(report)) return 'down';
  return report.statuses.every((s) => s.active_state === 'active') ? 'up' : 'partly_up';
}

/**
 * One service's dot from the state of its systemd unit: active is up; inactive or failed is down; any other
 * state (activating, deactivating, reloading…) is partly up; no report, or no word of the unit, is unknown. A report
 * that no longer counts (the agent left or fell silent) shows every unit down rather than its last colours.
 */
export function unitStatus(report: StatusReport | null | undefined, unit: string): StatusLevel {
  const state = report?.statuses.find((s) => s.unit === unit)?.active_state;
  if (report && state !== undefined && gone(report)) return 'down';
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

/** Why a dot reads as it does, for its tooltip and the detail page. */
export function statusDetail(report: StatusReport | null | undefined, failed = false): string {
  if (failed) return 'The status could not be read';
  if (!report) return 'No report from the agent yet';
  switch (report.agent_state) {
    case 'disconnected':
      return 'The agent is disconnected';
    case 'silent':
      return 'The agent has been silent for more than two heartbeats';
    case 'reporting': {
      const down = report.statuses.filter((s) => s.active_state !== 'active').map((s) => s.unit);
      return down.length === 0 ? 'Every unit is active' : `Not active: ${down.join(', ')}`;
    }
  }
}
