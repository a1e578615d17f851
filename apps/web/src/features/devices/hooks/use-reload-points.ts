import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { type ReloadPointsProgress, type ReloadPointsResult, reloadPointsProgressSchema, reloadPointsResultSchema } from '@syrx/contracts/realtime';
import { bacnetLimits } from '@syrx/contracts/bacnet';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { RequestStoppedError, errorText } from '../../../lib/realtime/request-answers';
import { uploadPoints } from '../api/point-upload';
import { countOf, deviceTarget } from '../utils/discovery';
import { useDialogRun } from './use-dialog-run';

/** What the dialog says the read found. */
export function readSummary(r: ReloadPointsResult): string {
  const read = `${countOf(r.points.length, 'point')} were read`;
  return r.truncated ? `${read} (the object list has ${r.object_count} objects; at most ${bacnetLimits.maxPointsPerDevice} are read)` : read;
}

/**
 * The reload dialog in points mode: a ReloadPoints request whose intermediate Data is its progress; then the
 * points are uploaded (begin, batches of 500, complete) and the dialog tells what appeared and disappeared.
 */
export function useReloadPoints(controllerId: string, device: BacnetDevice) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const { state, dispatch, track, stopAll } = useDialogRun();
  const [progress, setProgress] = useState<ReloadPointsProgress | null>(null);
  const [result, setResult] = useState<ReloadPointsResult | null>(null);

  const start = useCallback(() => {
    stopAll();
    setProgress(null);
    setResult(null);
    dispatch({ type: 'start', text: `Reading the points of device ${device.instance_number}` });
    const onData = (data: unknown) => {
      const p = reloadPointsProgressSchema.safeParse(data);
      if (p.success) setProgress(p.data);
    };
    const request = client.request(controllerId, { requestType: 'ReloadPoints', ...deviceTarget(device), maxPoints: bacnetLimits.maxPointsPerDevice }, { onData });
    track(request).then(
      (final) => {
        const read = reloadPointsResultSchema.safeParse(final);
        if (!read.success) return dispatch({ type: 'fail', text: 'The controller sent an unexpected point list.' });
        setResult(read.data);
        dispatch({ type: 'ready', text: readSummary(read.data) });
      },
      (error: unknown) => {
        if (!(error instanceof RequestStoppedError)) dispatch({ type: 'fail', text: errorText(error) });
      },
    );
  }, [client, controllerId, device, dispatch, stopAll, track]);

  const submit = () => {
    if (!result) return;
    dispatch({ type: 'submit', text: `Saving ${countOf(result.points.length, 'point')}` });
    const onBatch = (sent: number, of: number) => dispatch({ type: 'log', text: `Batch ${sent} of ${of} sent` });
    uploadPoints(device.id, result, onBatch).then(
      async (r) => {
        dispatch({ type: 'done', text: `Saved ${countOf(r.total, 'point')}: ${r.appeared} appeared, ${r.disappeared} disappeared, ${r.reappeared} reappeared` });
        await queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) });
      },
      (error: unknown) => dispatch({ type: 'fail', text: errorText(error) }),
    );
  };

  return { state, progress, result, start, submit, stop: stopAll };
}
