/** Query keys of the controller area; everything starts with `controllersKey` so one invalidation covers it. */
export const controllersKey = 'syrx-controllers';

export const controllerKeys = {
  all: [controllersKey] as const,
  lists: () => [controllersKey, 'list'] as const,
  detail: (id: string) => [controllersKey, 'detail', id] as const,
  connection: (id: string) => [controllersKey, 'detail', id, 'bacnet-connection'] as const,
  bbmdServers: (id: string) => [controllersKey, 'detail', id, 'bbmd-servers'] as const,
  enabledServices: (id: string) => [controllersKey, 'detail', id, 'enabled-services'] as const,
  enabledService: (id: string, serviceId: string) => [controllersKey, 'detail', id, 'enabled-services', serviceId] as const,
  statuses: (id: string) => [controllersKey, 'detail', id, 'statuses'] as const,
  serviceTypes: () => [controllersKey, 'service-types'] as const,
};
