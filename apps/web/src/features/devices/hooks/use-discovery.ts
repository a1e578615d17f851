import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type DiscoveredDevice, discoveredDeviceSchema } from '@syrx/contracts/realtime';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { RequestStoppedError, errorText } from '../../../lib/realtime/request-answers';
import { submitDiscoveredDevices } from '../api/submit-devices';
import { countOf, discoveredInput, discoveredKey, type DiscoveryTiming, mergeDiscovered } from '../utils/discovery';
import { useDialogRun } from './use-dialog-run';

const finalListSchema = z.array(discoveredDeviceSchema);

/**
 * The discovery dialog's work: a DiscoverDevices request whose devices are listed as their I-Am arrives (the agent
 * ends it once no new device has answered for the quiet period, at the maximum at the latest), then the
 * submission of the chosen ones. New devices are chosen unless the user unticks them.
 */
export function useDiscovery(controllerId: string, knownInstances: ReadonlySet<number>) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const { state, dispatch, track, stopAll } = useDialogRun();
  const [found, setFound] = useState<DiscoveredDevice[]>([]);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [startedAt, setStartedAt] = useState(0);

  const start = useCallback(
    (network: number | null, timing: DiscoveryTiming) => {
      stopAll();
      setFound([]);
      setUnticked(new Set());
      setStartedAt(Date.now());
      dispatch({ type: 'start', text: network === null ? 'Discovering devices on every network' : `Discovering devices on network ${network}` });
      const onData = (data: unknown) => {
        const heard = discoveredDeviceSchema.safeParse(data);
        if (!heard.success) return;
        setFound((list) => mergeDiscovered(list, [heard.data]));
        dispatch({ type: 'log', text: `Found device ${heard.data.InstanceNumber} at ${heard.data.MacAddress}` });
      };
      track(client.request(controllerId, { requestType: 'DiscoverDevices', network, durationSeconds: timing.maxSeconds, quietSeconds: timing.quietSeconds }, { onData })).then(
        (final) => {
          const all = finalListSchema.safeParse(final);
          const list = all.success ? all.data : [];
          setFound((current) => mergeDiscovered(current, list));
          dispatch({ type: 'ready', text: `Discovery finished: ${countOf(list.length, 'device')} answered` });
        },
        (error: unknown) => {
          if (!(error instanceof RequestStoppedError)) dispatch({ type: 'fail', text: errorText(error) });
        },
      );
    },
    [client, controllerId, dispatch, stopAll, track],
  );

  const isNew = (d: DiscoveredDevice) => !knownInstances.has(d.InstanceNumber);
  const isChosen = (d: DiscoveredDevice) => isNew(d) && !unticked.has(discoveredKey(d));
  const chosen = found.filter(isChosen);
  const newDevices = found.filter(isNew);
  const toggle = (d: DiscoveredDevice, on: boolean) =>
    setUnticked((keys) => {
      const next = new Set(keys);
      if (on) next.delete(discoveredKey(d));
      else next.add(discoveredKey(d));
      return next;
    });

  const submitList = (list: readonly DiscoveredDevice[]) => {
    dispatch({ type: 'submit', text: `Submitting ${countOf(list.length, 'device')}` });
    submitDiscoveredDevices(controllerId, list.map(discoveredInput)).then(
      async ({ added, skipped }) => {
        const already = skipped > 0 ? `, ${countOf(skipped, 'device')} already known` : '';
        dispatch({ type: 'done', text: `${countOf(added.length, 'device')} added${already}; their properties are read in the background` });
        await queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) });
      },
      (error: unknown) => dispatch({ type: 'fail', text: errorText(error) }),
    );
  };

  /** Submit: the devices chosen; add all: every new device found, whatever was unticked. */
  const submit = () => submitList(chosen);
  const addAllNew = () => submitList(newDevices);

  return { state, found, chosen, newDevices, isChosen, toggle, start, submit, addAllNew, stop: stopAll, startedAt };
}
