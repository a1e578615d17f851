import { Tag } from 'antd';
import type { ServiceLogLevel } from '@syrx/contracts/service-logs';

const colours: Record<ServiceLogLevel, string | undefined> = {
  TRACE: undefined,
  DEBUG: undefined,
  INFO: 'blue',
  WARN: 'orange',
  ERROR: 'red',
  FATAL: 'magenta',
};

/** A service log level, coloured by how serious it is. */
export const LogLevelTag = ({ level }: { level: ServiceLogLevel }) => <Tag color={colours[level]}>{level}</Tag>;
