import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { deviceTargetOf, reloadDeviceResultSchema } from '@syrx/contracts/realtime';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { RequestFailedError, RequestStoppedError, errorText } from '../../../lib/realtime/request-answers';
import { patchDevices } from '../api/submit-devices';
import { countOf } from '../utils/discovery';
import { deviceLabel } from '../utils/device-status';
import { type ReloadResult, reloadPatches, runLimited, tally } from '../utils/reload-results';
import { useDialogRun } from './use-dialog-run';

/** Devices read at the same time: the agent serialises segmented exchanges, so a few in flight is enough. */
const inFlight = 4;

/**
 * The reload dialog in devices mode: a ReloadDevice request per device (a device's own error marks it
 * unavailable; any other error stops the run), then PATCH …/bacnet-devices with what was read.
 */
export function useReloadDevices(controllerId: string, devices: readonly BacnetDevice[]) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const { state, dispatch, track, stopAll } = useDialogRun();
  const [results, setResults] = useState<ReadonlyMap<number, ReloadResult>>(new Map());
  // Bumped by a failure, a Cancel or a new run: reads of an earlier run neither start nor report any more.
  const run = useRef(0);
  const record = (id: number, r: ReloadResult) => setResults((m) => new Map(m).set(id, r));

  const readOne = useCallback(
    async (d: BacnetDevice, mine: number) => {
      record(d.id, { state: 'reading' });
      try {
        const properties = reloadDeviceResultSchema.parse(await track(client.request(controllerId, { requestType: 'ReloadDevice', ...deviceTargetOf(d) })));
        record(d.id, { state: 'available', properties });
        dispatch({ type: 'log', text: `${deviceLabel(d)}: read "${properties.name ?? ''}"` });
      } catch (error) {
        if (error instanceof RequestStoppedError || run.current !== mine) return;
        if (error instanceof RequestFailedError && error.isDeviceException) {
          record(d.id, { state: 'unavailable', error: error.message });
          dispatch({ type: 'log', text: `${deviceLabel(d)}: ${error.message}` });
          return;
        }
        run.current += 1;
        stopAll();
        dispatch({ type: 'fail', text: errorText(error) });
      }
    },
    [client, controllerId, dispatch, stopAll, track],
  );

  const stop = useCallback(() => {
    run.current += 1;
    stopAll();
  }, [stopAll]);

  const start = useCallback(() => {
    stop();
    const mine = run.current;
    setResults(new Map());
    dispatch({ type: 'start', text: `Reloading ${countOf(devices.length, 'device')}` });
    const stopped = () => run.current !== mine;
    void runLimited(devices, inFlight, (d) => readOne(d, mine), stopped).then(() => {
      if (!stopped()) dispatch({ type: 'ready', text: 'Every device was read' });
    });
  }, [devices, dispatch, readOne, stop]);

  const submit = () => {
    const patches = reloadPatches(devices, results);
    dispatch({ type: 'submit', text: `Saving ${countOf(patches.length, 'device')}` });
    patchDevices(controllerId, patches).then(
      async () => {
        const t = tally(results);
        dispatch({ type: 'done', text: `Saved: ${t.available} available, ${t.unavailable} unavailable` });
        await queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) });
      },
      (error: unknown) => dispatch({ type: 'fail', text: errorText(error) }),
    );
  };

  return { state, results, start, submit, stop };
}
