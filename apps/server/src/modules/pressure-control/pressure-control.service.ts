import type { z } from 'zod';
import { AppError } from '@syrx/contracts/errors';
import {
  type PressureAgentConfig, type PressureConfiguration, type pressureConfigurationPatchSchema, type PressureStatus, type PressureTransmitter,
  disabledPressureConfig, pressureDefaults, pressureMessages, type pressureTransmitterInputSchema,
} from '@syrx/contracts/pressure-control';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type ConfigRow, type ConfigValues, pressureControlRepo as repo } from './pressure-control.repo.ts';
import { configurationOf, statusValues } from './pressure-values.ts';

export type ConfigurationPatch = z.infer<typeof pressureConfigurationPatchSchema>;
export type TransmitterInput = z.infer<typeof pressureTransmitterInputSchema>;


/**
 * The building pressure control service of a controller: its configuration and transmitters (for users), what its
 * agent runs (pushed in the agent's configuration), and the status the agent reports after each iteration.
 */
export function createPressureControlService(db: Db, controllers: ControllersService, events: DomainEvents, audit: Pick<AuditService, 'record'> | null = null) {
  /** Writes to BACnet points are audited as bacnet.write: by the user who switched output, or by the agent (no user). */
  const auditWrite = async (actor: Actor | null, controllerId: string, details: Record<string, unknown>) => {
    if (!audit) return;
    const groupId = await repo.groupOf(db, controllerId);
    await audit.record({ action: 'bacnet.write', actor, target: { type: 'syrx_controller', id: controllerId, groupId }, details });
  };

  async function controllerFor(actor: Actor, controllerId: string, serviceId: string, change: boolean): Promise<void> {
    const c = await controllers.accessible(actor, controllerId);
    if (canonicalServiceId(serviceId) !== serviceIds.pressure) throw AppError.notFound('The building pressure control service');
    if (change) controllers.requireAdmin(actor, c.group_id);
  }

  /** Every point id given must be a point of the controller; else a 400 naming the field. */
  async function requireOwnPoints(controllerId: string, fields: Record<string, number | null | undefined>): Promise<void> {
    const ids = Object.values(fields).filter((v): v is number => typeof v === 'number');
    const own = await repo.pointsOfController(db, controllerId, ids);
    const bad = Object.entries(fields).filter(([, v]) => typeof v === 'number' && !own.has(v));
    if (bad.length > 0) throw AppError.badRequest(pressureMessages.pointNotOnController, bad.map(([field]) => ({ field, message: pressureMessages.pointNotOnController })));
  }

  async function configuration(controllerId: string): Promise<PressureConfiguration> {
    const row = await repo.config(db, controllerId);
    const summaries = await repo.pointSummaries(db, [row?.oatPointId, row?.pnormOutputPointId].filter((v): v is number => typeof v === 'number'));
    return configurationOf(controllerId, row, summaries);
  }

  async function transmitterOf(controllerId: string, id: number): Promise<PressureTransmitter> {
    const found = await repo.transmitter(db, controllerId, id);
    if (!found) throw AppError.notFound('The building pressure transmitter');
    return found;
  }

  async function saveTransmitter(controllerId: string, input: TransmitterInput, id?: number): Promise<PressureTransmitter> {
    await requireOwnPoints(controllerId, { syrx_controller_bacnet_point_id: input.syrx_controller_bacnet_point_id });
    try {
      const existing = id === undefined ? undefined : await transmitterOf(controllerId, id);
      const values = { num: input.num ?? existing?.num ?? (await repo.nextNum(db, controllerId)), name: input.name, transmitterHeight: input.transmitter_height, pointId: input.syrx_controller_bacnet_point_id };
      const saved = id === undefined ? await repo.insertTransmitter(db, controllerId, values) : (await repo.updateTransmitter(db, controllerId, id, values), id);
      events.emit('controller-config-changed', controllerId);
      return transmitterOf(controllerId, saved);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(pressureMessages.numTaken, [{ field: 'num', message: pressureMessages.numTaken }]);
      throw err;
    }
  }

  return {
    async getConfiguration(actor: Actor, controllerId: string, serviceId: string): Promise<PressureConfiguration> {
      await controllerFor(actor, controllerId, serviceId, false);
      return configuration(controllerId);
    },

    async patchConfiguration(actor: Actor, controllerId: string, serviceId: string, patch: ConfigurationPatch): Promise<PressureConfiguration> {
      await controllerFor(actor, controllerId, serviceId, true);
      await requireOwnPoints(controllerId, { oat_syrx_controller_bacnet_point_id: patch.oat_syrx_controller_bacnet_point_id, pnorm_output_syrx_controller_bacnet_point_id: patch.pnorm_output_syrx_controller_bacnet_point_id });
      const before = await repo.config(db, controllerId);
      const values: ConfigValues = {
        neutralPlaneHeight: patch.neutral_plane_height, isOutputEnabled: patch.is_output_enabled, oatPointId: patch.oat_syrx_controller_bacnet_point_id,
        pnormOutputPointId: patch.pnorm_output_syrx_controller_bacnet_point_id, indoorTemperature: patch.indoor_temperature,
        intervalSeconds: patch.interval_seconds, writePriority: patch.write_priority, savedAt: new Date(),
      };
      await repo.saveConfig(db, controllerId, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
      const after = await configuration(controllerId);
      if ((before?.isOutputEnabled ?? false) !== after.is_output_enabled) {
        await auditWrite(actor, controllerId, { change: after.is_output_enabled ? 'pressure control output switched on' : 'pressure control output switched off', point_id: after.pnorm_output_syrx_controller_bacnet_point_id, priority: after.write_priority });
      }
      events.emit('controller-config-changed', controllerId);
      return after;
    },

    async listTransmitters(actor: Actor, controllerId: string, serviceId: string): Promise<PressureTransmitter[]> {
      await controllerFor(actor, controllerId, serviceId, false);
      return repo.listTransmitters(db, controllerId);
    },

    async getTransmitter(actor: Actor, controllerId: string, serviceId: string, id: number): Promise<PressureTransmitter> {
      await controllerFor(actor, controllerId, serviceId, false);
      return transmitterOf(controllerId, id);
    },

    async createTransmitter(actor: Actor, controllerId: string, serviceId: string, input: TransmitterInput): Promise<PressureTransmitter> {
      await controllerFor(actor, controllerId, serviceId, true);
      return saveTransmitter(controllerId, input);
    },

    async updateTransmitter(actor: Actor, controllerId: string, serviceId: string, id: number, input: TransmitterInput): Promise<PressureTransmitter> {
      await controllerFor(actor, controllerId, serviceId, true);
      return saveTransmitter(controllerId, input, id);
    },

    async deleteTransmitter(actor: Actor, controllerId: string, serviceId: string, id: number): Promise<void> {
      await controllerFor(actor, controllerId, serviceId, true);
      if (!(await repo.deleteTransmitter(db, controllerId, id))) throw AppError.notFound('The building pressure transmitter');
      events.emit('controller-config-changed', controllerId);
    },

    /** What the controller's agent runs; disabled unless the service is enabled on the controller. */
    async agentConfig(controllerId: string, enabled: boolean): Promise<PressureAgentConfig> {
      // Disabled: nothing to read (every agent's configuration asks).
      if (!enabled) return { ...disabledPressureConfig, enabled };
      const row = await repo.config(db, controllerId);
      if (!row?.savedAt) return { ...disabledPressureConfig, enabled };
      const transmitters = await repo.listTransmitters(db, controllerId);
      const addresses = await repo.pointAddresses(db, [row.oatPointId, row.pnormOutputPointId, ...transmitters.map((x) => x.syrx_controller_bacnet_point_id)].filter((v): v is number => typeof v === 'number'));
      return {
        enabled, neutral_plane_height: row.neutralPlaneHeight, is_output_enabled: row.isOutputEnabled, indoor_temperature_f: row.indoorTemperature,
        interval_seconds: row.intervalSeconds, write_priority: row.writePriority,
        oat_point: (row.oatPointId !== null && addresses.get(row.oatPointId)) || null,
        pnorm_output_point: (row.pnormOutputPointId !== null && addresses.get(row.pnormOutputPointId)) || null,
        transmitters: transmitters.flatMap((x) => {
          const point = addresses.get(x.syrx_controller_bacnet_point_id);
          return point ? [{ id: x.id, num: x.num, height_ft: x.transmitter_height, point }] : [];
        }),
      };
    },

    /**
     * The agent's report of one iteration: last values, the last exception, and the audit of writing starting or
     * stopping. Kept before the first save too (the row then stays unsaved): the status panel's last exception is
     * the one the agent reported, whatever else shows it.
     */
    async recordStatus(controllerId: string, status: PressureStatus): Promise<void> {
      const before: ConfigRow | null = await repo.config(db, controllerId);
      await db.transaction(async (tx) => {
        await repo.saveConfig(tx, controllerId, statusValues(status));
        await repo.recordTransmitters(tx, controllerId, status.transmitters);
      });
      if (status.write && !before?.writing) await auditWrite(null, controllerId, { change: 'the agent began writing Pnorm', ...status.write });
      // The agent repeats a relinquish until one report of it is acknowledged: audit it once, while we held a command.
      if (status.relinquished && before?.writing) await auditWrite(null, controllerId, { change: 'the agent relinquished its priority', ...status.relinquished });
    },

    defaults: pressureDefaults,
  };
}
export type PressureControlService = ReturnType<typeof createPressureControlService>;
