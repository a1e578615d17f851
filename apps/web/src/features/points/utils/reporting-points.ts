import type { BacnetPoint } from '@syrx/contracts/points';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';

/** A point as the point-reporting link names it: id, controller name, device name, point name. */
export const reportingRef = (p: BacnetPoint): ReportingPointRef => ({
  id: p.id,
  controllerName: p.syrx_controller_name,
  deviceName: p.syrx_controller_bacnet_device_name ?? `Device ${p.syrx_controller_bacnet_device_instance_number}`,
  pointName: p.name ?? p.object_id,
});

/** The calendar day the user picked, as midnight UTC of that day (the link's dates are UTC days). */
export const pickedDay = (d: { year(): number; month(): number; date(): number } | null | undefined): Date | null =>
  d ? new Date(Date.UTC(d.year(), d.month(), d.date())) : null;
