import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { canonicalServiceId, type ServiceId, serviceIds } from '@syrx/contracts/services';

/** Whether the server's configuration enables the service (older ids without "Services." count too). */
export function isServiceEnabled(config: AgentConfig, id: ServiceId): boolean {
  return config.enabled_services.some((s) => canonicalServiceId(s.service_id) === id);
}

/**
 * The configuration as the agent's own modules see it while the updater runs some services from packages: those are
 * not enabled for them (the reporting and pressure control settings switched off likewise).
 */
export function withoutServices(config: AgentConfig, held: ReadonlySet<string>): AgentConfig {
  if (held.size === 0) return config;
  return {
    ...config,
    enabled_services: config.enabled_services.filter((s) => !held.has(canonicalServiceId(s.service_id) ?? s.service_id)),
    reporting: held.has(serviceIds.reporting) ? { ...config.reporting, enabled: false } : config.reporting,
    pressure_control: held.has(serviceIds.pressure) ? { ...config.pressure_control, enabled: false } : config.pressure_control,
  };
}
