/**
 * Query keys of BACnet devices and points, shared by the screens that show them (devices, points, the controller
 * tree), so a change made on one screen refreshes the others: everything of a controller starts with `of(id)`.
 */
export const bacnetKeys = {
  all: ['bacnet'] as const,
  of: (controllerId: string) => ['bacnet', controllerId.toLowerCase()] as const,
  devices: (controllerId: string) => [...bacnetKeys.of(controllerId), 'devices'] as const,
  device: (controllerId: string, deviceId: number) => [...bacnetKeys.of(controllerId), 'device', deviceId] as const,
  points: (controllerId: string) => [...bacnetKeys.of(controllerId), 'points'] as const,
};
