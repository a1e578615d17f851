import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { RunningRequest } from '../../../lib/realtime/realtime-client';
import { dialogReducer, initialDialogState } from '../utils/dialog-state';

/**
 * The state machine of a discovery or reload dialog with the socket requests it has running, which are
 * stopped on Cancel, before a new run and when the dialog goes away.
 */
export function useDialogRun() {
  const [state, dispatch] = useReducer(dialogReducer, initialDialogState);
  const running = useRef(new Set<RunningRequest>());

  const track = useCallback((request: RunningRequest): Promise<unknown> => {
    running.current.add(request);
    const done = () => running.current.delete(request);
    request.result.then(done, done);
    return request.result;
  }, []);

  const stopAll = useCallback(() => {
    const requests = [...running.current];
    running.current.clear();
    for (const r of requests) r.stop();
  }, []);

  useEffect(() => stopAll, [stopAll]);
  return { state, dispatch, track, stopAll };
}

/** A reload dialog's reading, started as the dialog opens; the function returned (its Cancel) stops it and closes the dialog. */
export function useReadingWhileOpen(reading: { start: () => void; stop: () => void }, onClose: () => void): () => void {
  const { start } = reading;
  useEffect(() => {
    start();
  }, [start]);
  return () => {
    reading.stop();
    onClose();
  };
}
