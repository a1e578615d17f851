import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PressureTransmitter, pressureTransmitterInputSchema } from '@syrx/contracts/pressure-control';
import { pressureControlRoutes as routes } from '@syrx/contracts/routes/pressure-control';
import { callRoute } from '../../../lib/api-client';
import { pressureKeys, pressureService } from './configuration';

export type TransmitterInput = z.input<typeof pressureTransmitterInputSchema>;

/** GET …/building-pressure-transmitters: the controller's transmitters with the grid's point fields. */
export const transmittersQueryOptions = (controllerId: string) =>
  queryOptions({
    queryKey: pressureKeys.transmitters(controllerId),
    queryFn: () => callRoute(routes.transmitters, { params: pressureService(controllerId) }),
  });

/** GET …/building-pressure-transmitters/{id} */
export const transmitterQueryOptions = (controllerId: string, transmitterId: number) =>
  queryOptions({
    queryKey: pressureKeys.transmitter(controllerId, transmitterId),
    queryFn: () => callRoute(routes.transmitter, { params: { ...pressureService(controllerId), transmitterId } }),
  });

export const useTransmitters = (controllerId: string, refreshMs?: number) =>
  useQuery({ ...transmittersQueryOptions(controllerId), refetchInterval: refreshMs ?? false });

/** One transmitter; nothing is asked for a new one (`transmitterId` null). */
export const useTransmitter = (controllerId: string, transmitterId: number | null) =>
  useQuery({ ...transmitterQueryOptions(controllerId, transmitterId ?? 0), enabled: transmitterId !== null });

/** After any change the whole service's data is stale: Pnorm averages over the transmitters. */
function useInvalidatePressure(controllerId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pressureKeys.of(controllerId) });
}

/** POST …/building-pressure-transmitters (a new one), or PUT …/{id} (one that exists). */
export function useSaveTransmitter(controllerId: string, transmitterId: number | null) {
  const invalidate = useInvalidatePressure(controllerId);
  return useMutation({
    mutationFn: (input: TransmitterInput): Promise<PressureTransmitter> =>
      transmitterId === null
        ? callRoute(routes.createTransmitter, { params: pressureService(controllerId), body: input })
        : callRoute(routes.updateTransmitter, { params: { ...pressureService(controllerId), transmitterId }, body: input }),
    onSuccess: invalidate,
  });
}

/** DELETE …/building-pressure-transmitters/{id} (204). */
export function useDeleteTransmitter(controllerId: string) {
  const invalidate = useInvalidatePressure(controllerId);
  return useMutation({
    mutationFn: (transmitterId: number) => callRoute(routes.deleteTransmitter, { params: { ...pressureService(controllerId), transmitterId } }),
    onSuccess: invalidate,
  });
}
