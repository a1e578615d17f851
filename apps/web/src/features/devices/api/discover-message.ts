import { useMutation } from '@tanstack/react-query';
import { queryMessageSchema } from '@syrx/contracts/query-messages';
import { serviceIds } from '@syrx/contracts/services';
import { legacyApi } from '../../../lib/api-client';

/**
 * POST …/services/{query service}/messages/create-discover-devices-message: the server asks the agent for a
 * discovery in the background and adds what it finds as pending devices.
 */
export const createDiscoverDevicesMessage = (controllerId: string) =>
  legacyApi(`/SyrxControllers/${encodeURIComponent(controllerId)}/services/${serviceIds.query}/messages/create-discover-devices-message`, {
    method: 'POST',
    body: {},
    schema: queryMessageSchema,
  });

export const useDiscoverDevicesMessage = (controllerId: string) => useMutation({ mutationFn: () => createDiscoverDevicesMessage(controllerId) });
