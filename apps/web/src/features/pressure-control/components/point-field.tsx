import { type ReactNode, useState } from 'react';
import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import type { BacnetPoint } from '@syrx/contracts/points';
import { type ChosenPoint, chosenFromPicked, deviceLabel, pointLabel } from '../utils/chosen-point';

/** The point-picker tree of the controller, composed in by the route (another feature builds it). */
export type RenderPointPicker = (onPick: (point: BacnetPoint) => void) => ReactNode;

interface PointFieldProps {
  /** Set by Form.Item: the chosen point, or null. */
  value?: ChosenPoint | null;
  onChange?: (point: ChosenPoint | null) => void;
  id?: string;
  renderPointPicker: RenderPointPicker;
  /** Offer "Clear" (the OAT sensor and Pnorm output may be unset; a transmitter needs its point). */
  clearable?: boolean;
  pickerTitle: string;
}

/** A form control for a point: the current choice, "Choose a point" (the point-picker tree) and "Clear". */
export function PointField({ value = null, onChange, id, renderPointPicker, clearable = false, pickerTitle }: PointFieldProps) {
  const [picking, setPicking] = useState(false);
  const pick = (point: BacnetPoint) => {
    onChange?.(chosenFromPicked(point));
    setPicking(false);
  };
  return (
    <Flex vertical gap={8} id={id}>
      {value === null ? (
        <Typography.Text type="secondary">No point chosen</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          bordered
          column={1}
          aria-label="Chosen point"
          items={[
            { key: 'point', label: 'Point', children: pointLabel(value) },
            { key: 'device', label: 'Device', children: deviceLabel(value) },
          ]}
        />
      )}
      <Flex gap={8}>
        <Button onClick={() => setPicking(true)}>{value === null ? 'Choose a point' : 'Choose another point'}</Button>
        {clearable && value !== null && <Button onClick={() => onChange?.(null)}>Clear</Button>}
      </Flex>
      <Modal open={picking} title={pickerTitle} footer={null} onCancel={() => setPicking(false)} destroyOnHidden width={640}>
        {renderPointPicker(pick)}
      </Modal>
    </Flex>
  );
}
