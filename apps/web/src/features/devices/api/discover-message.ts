import { useMutation } from '@tanstack/react-query';
import { queryMessagesRoutes } from '@syrx/contracts/routes/query-messages';
import { serviceIds } from '@syrx/contracts/services';
import { callRoute } from '../../../lib/api-client';

/**
 * POST …/services/{query service}/messages/create-discover-devices-message: the server asks the agent for a
 * discovery in the background and adds what it finds as pending devices.
 */
export const createDiscoverDevicesMessage = (controllerId: string) =>
  callRoute(queryMessagesRoutes.createDiscoverDevices, { params: { id: controllerId, queryServiceId: serviceIds.query }, body: {} });

export const useDiscoverDevicesMessage = (controllerId: string) => useMutation({ mutationFn: () => createDiscoverDevicesMessage(controllerId) });
