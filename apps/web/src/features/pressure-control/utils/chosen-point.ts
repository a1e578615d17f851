import type { BacnetPoint } from '@syrx/contracts/points';
import type { PressureConfiguration, PressureTransmitter } from '@syrx/contracts/pressure-control';

/** A point chosen for the service (OAT sensor, Pnorm output, a transmitter), as the forms and the panel show it. */
export interface ChosenPoint {
  id: number;
  name: string | null;
  objectId: string;
  deviceName: string | null;
  macAddress: string;
}

type PointSummary = NonNullable<PressureConfiguration['oat_point']>;

export const chosenFromSummary = (p: PointSummary | null): ChosenPoint | null =>
  p === null
    ? null
    : {
        id: p.syrx_controller_bacnet_point_id,
        name: p.syrx_controller_bacnet_point_name,
        objectId: p.syrx_controller_bacnet_point_object_id,
        deviceName: p.syrx_controller_bacnet_device_name,
        macAddress: p.syrx_controller_bacnet_device_mac_address,
      };

export const chosenFromTransmitter = (t: PressureTransmitter): ChosenPoint => ({
  id: t.syrx_controller_bacnet_point_id,
  name: t.syrx_controller_bacnet_point_name,
  objectId: t.syrx_controller_bacnet_point_object_id,
  deviceName: t.syrx_controller_bacnet_device_name,
  macAddress: t.syrx_controller_bacnet_device_mac_address,
});

/** The point picked in the point-picker tree. */
export const chosenFromPicked = (p: BacnetPoint): ChosenPoint => ({
  id: p.id,
  name: p.name,
  objectId: p.object_id,
  deviceName: p.syrx_controller_bacnet_device_name,
  macAddress: p.syrx_controller_bacnet_device_mac_address,
});

/** "Outside Air Temperature (OBJECT_ANALOG_INPUT:1)", or the object id alone for a point without a name. */
export const pointLabel = (p: ChosenPoint): string => (p.name ? `${p.name} (${p.objectId})` : p.objectId);

/** "WS-1 at 127.0.60.13:47808", or the address alone for a device without a name. */
export const deviceLabel = (p: ChosenPoint): string => (p.deviceName ? `${p.deviceName} at ${p.macAddress}` : p.macAddress);
