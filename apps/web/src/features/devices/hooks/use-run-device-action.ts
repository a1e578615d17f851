import { App } from 'antd';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { PointUploadResult } from '@syrx/contracts/points';
import { errorText } from '../../../lib/realtime/request-answers';
import { type DeviceAction, useDeviceAction, useRunningDeviceActions } from '../api/device-actions';
import { actionLabels, deviceLabel } from '../utils/device-status';

function outcome(action: DeviceAction, name: string, answer: BacnetDevice | PointUploadResult): { text: string; warn: boolean } {
  switch (action.kind) {
    case 'reload-device': {
      const unavailable = 'status' in answer && answer.status === 'unavailable';
      return unavailable ? { text: `${name} did not answer and is now unavailable`, warn: true } : { text: `${name} was reloaded`, warn: false };
    }
    case 'reload-points': {
      const r = answer as PointUploadResult;
      return { text: `Points of ${name} reloaded: ${r.total} points, ${r.appeared} appeared, ${r.disappeared} disappeared`, warn: false };
    }
    case 'ignore':
      return { text: `${name} is ignored`, warn: false };
    case 'unignore':
      return { text: `${name} is no longer ignored`, warn: false };
  }
}

/**
 * Runs a device action over REST and tells the outcome as a message; failures are shown, never swallowed.
 * `running` lists the actions in flight (for the rows' spinners).
 */
export function useRunDeviceAction(controllerId: string) {
  const { message } = App.useApp();
  const mutation = useDeviceAction(controllerId);
  const running = useRunningDeviceActions(controllerId);
  // mutateAsync, not mutate: every row's action reports, not only the latest one.
  const run = (action: DeviceAction, device: Pick<BacnetDevice, 'name' | 'instance_number'>) => {
    const name = deviceLabel(device);
    mutation.mutateAsync(action).then(
      (answer) => {
        const { text, warn } = outcome(action, name, answer);
        void (warn ? message.warning(text) : message.success(text));
      },
      (error: unknown) => void message.error(`${actionLabels[action.kind]} of ${name} failed: ${errorText(error)}`),
    );
  };
  return { run, running };
}
