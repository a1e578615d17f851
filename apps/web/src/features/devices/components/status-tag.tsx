import { Tag } from 'antd';
import type { DeviceStatus } from '@syrx/contracts/devices';
import { statusColors } from '../utils/device-status';

/** A device's status as a coloured tag. */
export const StatusTag = ({ status }: { status: DeviceStatus }) => <Tag color={statusColors[status]}>{status}</Tag>;
