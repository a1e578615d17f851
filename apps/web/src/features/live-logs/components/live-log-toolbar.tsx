import { Button, Checkbox, Flex, Radio, Select } from 'antd';
import { ClearOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { type LiveLogLevel, liveLogLevels, liveLogRetentionOptions } from '@syrx/contracts/live-logs';
import type { LiveLogOrder } from '../utils/live-log-buffer';
import { levelColours } from './live-log-row';

export interface LiveLogToolbarProps {
  paused: boolean;
  onPause: () => void;
  onResume: () => void;
  onClear: () => void;
  levels: readonly LiveLogLevel[];
  onLevels: (levels: LiveLogLevel[]) => void;
  retention: number;
  onRetention: (retention: number) => void;
  order: LiveLogOrder;
  onOrder: (order: LiveLogOrder) => void;
}

/** Pause or resume, clear, the levels shown, how many entries are kept and in which order they are listed. */
export function LiveLogToolbar(p: LiveLogToolbarProps) {
  return (
    <Flex gap={16} align="center" wrap>
      {p.paused ? (
        <Button type="primary" icon={<CaretRightOutlined />} onClick={p.onResume}>
          Resume
        </Button>
      ) : (
        <Button icon={<PauseOutlined />} onClick={p.onPause}>
          Pause
        </Button>
      )}
      <Button icon={<ClearOutlined />} onClick={p.onClear}>
        Clear
      </Button>
      <Checkbox.Group
        aria-label="Levels"
        value={[...p.levels]}
        onChange={(values) => p.onLevels(liveLogLevels.filter((l) => values.includes(l)))}
        options={liveLogLevels.map((l) => ({ value: l, label: <span style={{ color: levelColours[l], fontWeight: 600 }}>{l}</span> }))}
      />
      <Flex gap={6} align="center">
        <label htmlFor="live-log-retention">Keep</label>
        <Select<number>
          id="live-log-retention"
          aria-label="Entries kept"
          style={{ width: 90 }}
          value={p.retention}
          onChange={p.onRetention}
          options={liveLogRetentionOptions.map((n) => ({ value: n, label: String(n) }))}
        />
        <span>entries</span>
      </Flex>
      <Radio.Group
        aria-label="Order"
        value={p.order}
        onChange={(e) => p.onOrder(e.target.value as LiveLogOrder)}
        optionType="button"
        options={[
          { value: 'asc', label: 'Oldest to newest' },
          { value: 'desc', label: 'Newest to oldest' },
        ]}
      />
    </Flex>
  );
}
