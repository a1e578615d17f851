import { type PressureConfiguration, type PressureStatus, pressureDefaults, type pressurePointSummarySchema } from '@syrx/contracts/pressure-control';
import type { z } from 'zod';
import type { ConfigRow, ConfigValues } from './pressure-control.repo.ts';

type PointSummary = z.infer<typeof pressurePointSummarySchema>;
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The configuration as the wire shows it: defaults (saved false) before the first save. */
export function configurationOf(controllerId: string, row: ConfigRow | null, points: Map<number, PointSummary>): PressureConfiguration {
  const point = (id: number | null | undefined) => (id === null || id === undefined ? null : (points.get(id) ?? null));
  return {
    syrx_controller_id: controllerId,
    saved: (row?.savedAt ?? null) !== null,
    neutral_plane_height: row?.neutralPlaneHeight ?? null,
    is_output_enabled: row?.isOutputEnabled ?? false,
    oat_syrx_controller_bacnet_point_id: row?.oatPointId ?? null,
    pnorm_output_syrx_controller_bacnet_point_id: row?.pnormOutputPointId ?? null,
    indoor_temperature: row?.indoorTemperature ?? pressureDefaults.indoorTemperatureF,
    interval_seconds: row?.intervalSeconds ?? pressureDefaults.intervalSeconds,
    write_priority: row?.writePriority ?? pressureDefaults.writePriority,
    last_oat_date: iso(row?.lastOatDate ?? null),
    last_oat_value: row?.lastOatValue ?? null,
    last_pnorm_output_date: iso(row?.lastPnormOutputDate ?? null),
    last_pnorm_output_value: row?.lastPnormOutputValue ?? null,
    last_pnorm_output_write_date: iso(row?.lastPnormOutputWriteDate ?? null),
    exception_date: iso(row?.exceptionDate ?? null),
    exception_type: row?.exceptionType ?? null,
    exception_message: row?.exceptionMessage ?? null,
    exception_stack_trace: row?.exceptionStackTrace ?? null,
    oat_point: point(row?.oatPointId),
    pnorm_output_point: point(row?.pnormOutputPointId),
  };
}

/** The configuration columns an iteration's status changes; what it does not report stays as it was. */
export function statusValues(s: PressureStatus): ConfigValues {
  const v: ConfigValues = {};
  if (s.oat) Object.assign(v, { lastOatValue: s.oat.value, lastOatDate: new Date(s.oat.timestamp) });
  if (s.pnorm) Object.assign(v, { lastPnormOutputValue: s.pnorm.value, lastPnormOutputDate: new Date(s.pnorm.timestamp) });
  if (s.write) Object.assign(v, { lastPnormOutputWriteDate: new Date(s.write.timestamp), writing: true });
  if (s.relinquished) v.writing = false;
  if (s.exception) {
    Object.assign(v, { exceptionDate: new Date(s.exception.timestamp), exceptionType: s.exception.type, exceptionMessage: s.exception.message, exceptionStackTrace: s.exception.stack_trace });
  }
  return v;
}
