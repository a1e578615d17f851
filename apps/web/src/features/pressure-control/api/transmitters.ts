import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type PressureTransmitter, type pressureTransmitterInputSchema, pressureTransmitterSchema } from '@syrx/contracts/pressure-control';
import { legacyApi } from '../../../lib/api-client';
import { pressureKeys, transmittersPath } from './configuration';

export type TransmitterInput = z.input<typeof pressureTransmitterInputSchema>;

/** GET …/building-pressure-transmitters: the controller's transmitters with the grid's point fields. */
export const transmittersQueryOptions = (controllerId: string) =>
  queryOptions({
    queryKey: pressureKeys.transmitters(controllerId),
    queryFn: () => legacyApi(transmittersPath(controllerId), { schema: z.array(pressureTransmitterSchema) }),
  });

/** GET …/building-pressure-transmitters/{id} */
export const transmitterQueryOptions = (controllerId: string, transmitterId: number) =>
  queryOptions({
    queryKey: pressureKeys.transmitter(controllerId, transmitterId),
    queryFn: () => legacyApi(`${transmittersPath(controllerId)}/${transmitterId}`, { schema: pressureTransmitterSchema }),
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
        ? legacyApi(transmittersPath(controllerId), { method: 'POST', body: input, schema: pressureTransmitterSchema })
        : legacyApi(`${transmittersPath(controllerId)}/${transmitterId}`, { method: 'PUT', body: input, schema: pressureTransmitterSchema }),
    onSuccess: invalidate,
  });
}

/** DELETE …/building-pressure-transmitters/{id}; the answer's body, if any, is not needed. */
export function useDeleteTransmitter(controllerId: string) {
  const invalidate = useInvalidatePressure(controllerId);
  return useMutation({
    mutationFn: (transmitterId: number) => legacyApi(`${transmittersPath(controllerId)}/${transmitterId}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: invalidate,
  });
}
