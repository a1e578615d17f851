import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNamespaceSocketFactory } from '../../../lib/realtime/namespace-socket';
import { type LiveLogBuffer, clear, pause, resume, setRetention } from '../utils/live-log-buffer';
import { type FrameScheduler, LiveLogStream, animationFrames } from '../utils/live-log-stream';

/**
 * A controller's live log while the calling screen is shown (its namespace connection opens and closes with it),
 * with the screen's controls. Render it keyed by controller: the stream belongs to one controller.
 */
export function useLiveLogStream(controllerId: string, frames: FrameScheduler = animationFrames) {
  const createSocket = useNamespaceSocketFactory();
  const [stream] = useState(() => new LiveLogStream(controllerId, frames));
  useEffect(() => stream.start(createSocket), [stream, createSocket]);
  const state = useSyncExternalStore(stream.subscribe, stream.getSnapshot);
  const change = (f: (b: LiveLogBuffer) => LiveLogBuffer) => () => stream.update(f);
  return {
    ...state,
    pause: change(pause),
    resume: change(resume),
    clear: change(clear),
    setRetention: (retention: number) => stream.update((b) => setRetention(b, retention)),
  };
}
