import type { AuditEntry } from '@syrx/contracts/audit';
import type { DiagnosticsLatest } from '@syrx/contracts/diagnostics';
import type { MetricsBucket } from '@syrx/contracts/metrics';
import { type ServiceLogEntry, serviceLogLevels } from '@syrx/contracts/service-logs';
import { type Handler, ok, withOverrides } from './fake-api';
import { controllerId } from './fake-controllers';
import { skipTake } from './fake-page';

const base = `/api/SyrxControllers/${controllerId}`;

export const logEntry = (id: number, over: Partial<ServiceLogEntry> = {}): ServiceLogEntry => ({
  id, syrx_controller_id: controllerId, service_id: 'Syrx.Services.ReportingService', timestamp: new Date(Date.UTC(2025, 2, 7, 14, 0, id)).toISOString(),
  level: 'INFO', logger: 'reporting.uploader', message: `Uploaded batch ${id}`, exception: null, ...over,
});

export const noDiagnostics: DiagnosticsLatest = { process_information: null, network_interface_information: null, rabbitmq_metrics: null };

export const auditEntry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id, at: new Date(Date.UTC(2025, 2, 7, 14, id)).toISOString(), user_id: 1, username: 'admin', action: 'terminal.open', target_type: 'controller',
  target_id: controllerId, group_id: 2, details: { terminalId: `t-${id}` }, ip: '127.0.0.1', user_agent: 'Chromium', ...over,
});

/**
 * The remote-operation calls as apps/server answers them: a service's logs (newest first, from minLogLevel up),
 * the latest diagnostics, metric groups and buckets, and the audit log, with every enabled service found.
 * `overrides` answer first, e.g. to refuse a call.
 */
export function fakeOperationsServer(overrides: Handler[] = []) {
  const state = {
    logs: [] as ServiceLogEntry[],
    diagnostics: noDiagnostics,
    groups: [] as string[],
    buckets: [] as MetricsBucket[],
    audit: [] as AuditEntry[],
  };
  const handler = withOverrides(overrides, (call) => {
    if (call.method !== 'GET') return undefined;
    const url = new URL(call.path, 'http://console.test');
    const q = url.searchParams;
    const path = decodeURIComponent(url.pathname);
    const service = /^\/api\/SyrxControllers\/[^/]+\/enabled-services\/([^/]+)$/.exec(path);
    if (service) {
      return ok({ syrx_controller_id: controllerId, service_id: service[1], assigned_version: '>=1.0.0 <2.0.0-0', reported_version: '1.0.0', last_contact: '2025-03-07T14:05:09Z', diagnostics: null });
    }
    const logs = /^\/api\/SyrxControllers\/[^/]+\/services\/([^/]+)\/logs(\/count)?$/.exec(path);
    if (logs) {
      const min = serviceLogLevels.indexOf((q.get('minLogLevel') ?? 'INFO') as never);
      const list = state.logs.filter((e) => serviceLogLevels.indexOf(e.level) >= min).sort((a, b) => b.timestamp.localeCompare(a.timestamp));
      return ok(logs[2] ? { count: list.length } : skipTake(list, q, 50));
    }
    if (/\/diagnostics\/latest$/.test(path)) return ok(state.diagnostics);
    if (path === `${base}/metrics/groups`) return ok(state.groups);
    if (path === `${base}/metrics`) return ok(state.buckets);
    if (path === '/api/v2/audit-log') return ok(skipTake(state.audit, q, 50));
    if (path === '/api/v2/audit-log/count') return ok({ count: state.audit.length });
    return undefined;
  });
  return { state, handler };
}
