import { useState } from 'react';
import { Descriptions, Progress, Typography } from 'antd';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { ReloadPointsProgress } from '@syrx/contracts/realtime';
import { readSummary, useReloadPoints } from '../hooks/use-reload-points';
import { deviceLabel, deviceMac } from '../utils/device-status';
import { useReadingWhileOpen } from '../hooks/use-dialog-run';
import { DialogFrame } from './dialog-frame';

const phaseText = { 'object-list': 'Reading the object list', properties: 'Reading the points' } as const;

function ReadProgress({ progress }: { progress: ReloadPointsProgress | null }) {
  if (!progress) return <Progress percent={0} status="active" aria-label="Reading progress" />;
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  const of = progress.total === null ? '' : ` of ${progress.total}`;
  return (
    <>
      <Typography.Text>{`${phaseText[progress.phase]}: ${progress.done}${of}`}</Typography.Text>
      <Progress percent={percent} status="active" aria-label="Reading progress" />
    </>
  );
}

/** Reload points of one device: the server has the agent read its object list and stages it; review the count, and save it. */
export function ReloadPointsDialog({ controllerId, device: shown, onClose }: { controllerId: string; device: BacnetDevice; onClose: () => void }) {
  // The device as it was when the dialog opened: a refreshed page must not restart the reading.
  const [device] = useState(shown);
  const reload = useReloadPoints(controllerId, device);
  const close = useReadingWhileOpen(reload, onClose);
  const { phase } = reload.state;
  return (
    <DialogFrame title="Reload points" state={reload.state} onSubmit={reload.submit} onClose={close}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'device', label: 'Device', children: `${deviceLabel(device)} (${device.instance_number})` },
          { key: 'mac', label: 'MAC address', children: deviceMac(device) },
        ]}
      />
      {phase === 'running' && <ReadProgress progress={reload.progress} />}
      {reload.staged && phase !== 'running' && <Typography.Text strong>{readSummary(reload.staged)}</Typography.Text>}
    </DialogFrame>
  );
}
