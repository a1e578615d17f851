import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { StagedPointRead } from '@syrx/contracts/points';
import type { ReloadPointsProgress } from '@syrx/contracts/realtime';
import { bacnetLimits } from '@syrx/contracts/bacnet';
import { ApiError } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { newRequestId } from '../../../lib/realtime/realtime-client';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { errorText } from '../../../lib/realtime/request-answers';
import { completePointUpload, stagePointRead } from '../api/point-upload';
import { countOf } from '../utils/discovery';
import { dialogReducer, initialDialogState } from '../utils/dialog-state';

/** What the dialog says the read found. */
export function readSummary(r: StagedPointRead): string {
  const read = `${countOf(r.point_count, 'point')} were read`;
  return r.truncated ? `${read} (the object list has ${r.object_count} objects; at most ${bacnetLimits.maxPointsPerDevice} are read)` : read;
}

/**
 * The reload dialog in points mode: the server has the agent read the points and stages them (their progress comes
 * over the socket); the user reviews the count and Submit completes the staged upload, telling what appeared and
 * disappeared. The point list itself never reaches the browser. Cancel (stop) aborts the read.
 */
export function useReloadPoints(controllerId: string, device: BacnetDevice) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(dialogReducer, initialDialogState);
  const [progress, setProgress] = useState<ReloadPointsProgress | null>(null);
  const [staged, setStaged] = useState<StagedPointRead | null>(null);
  const reading = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    reading.current?.abort();
    reading.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    const read = new AbortController();
    reading.current = read;
    setProgress(null);
    setStaged(null);
    dispatch({ type: 'start', text: `Reading the points of device ${device.instance_number}` });
    const readId = newRequestId();
    const unsubscribe = client.onPointReadProgress(readId, (p) => {
      if (!read.signal.aborted) setProgress(p);
    });
    stagePointRead(controllerId, device.id, readId, read.signal)
      .then(
        (r) => {
          if (read.signal.aborted) return;
          setStaged(r);
          dispatch({ type: 'ready', text: readSummary(r) });
        },
        (error: unknown) => {
          if (read.signal.aborted) return;
          dispatch({ type: 'fail', text: errorText(error) });
          // A device that did not answer is now unavailable on the server (its message says so): show it that way.
          if (error instanceof ApiError && error.body.details?.exception_type === 'BacnetTimeout') void queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) });
        },
      )
      .finally(() => {
        unsubscribe();
        if (reading.current === read) reading.current = null;
      });
  }, [client, controllerId, device, queryClient, stop]);

  const submit = () => {
    if (!staged) return;
    dispatch({ type: 'submit', text: `Saving ${countOf(staged.point_count, 'point')}` });
    completePointUpload(device.id, staged.upload_id).then(
      async (r) => {
        dispatch({ type: 'done', text: `Saved ${countOf(r.total, 'point')}: ${r.appeared} appeared, ${r.disappeared} disappeared, ${r.reappeared} reappeared` });
        await queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) });
      },
      (error: unknown) => dispatch({ type: 'fail', text: errorText(error) }),
    );
  };

  return { state, progress, staged, start, submit, stop };
}
