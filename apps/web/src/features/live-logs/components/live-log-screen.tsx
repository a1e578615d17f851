import { useMemo, useState } from 'react';
import { type LiveLogLevel, liveLogLevels } from '@syrx/contracts/live-logs';
import { useAgentConnection } from '../../../lib/realtime/realtime-provider';
import { useLiveLogStream } from '../hooks/use-live-log-stream';
import { type LiveLogOrder, rowsOfLevels } from '../utils/live-log-buffer';
import { LiveLogStatus } from './live-log-status';
import { LiveLogToolbar } from './live-log-toolbar';
import { VirtualLogList } from './virtual-log-list';
import { Page } from '../../../components/page';

/**
 * …/logs: the controller's journal as it is written (spec 01 section 2). Paused, the list stops updating and new
 * entries are held until Resume; the level filters change what is shown, not what is kept.
 */
export function LiveLogScreen({ controllerId }: { controllerId: string }) {
  const live = useLiveLogStream(controllerId);
  const agent = useAgentConnection(controllerId);
  const [levels, setLevels] = useState<LiveLogLevel[]>([...liveLogLevels]);
  const [order, setOrder] = useState<LiveLogOrder>('asc');
  const rows = useMemo(() => rowsOfLevels(live.buffer.rows, new Set(levels)), [live.buffer.rows, levels]);
  const empty =
    live.buffer.rows.length > 0 ? 'No entries of the chosen levels' : agent.agentConnected ? 'No entries yet' : 'No entries: the agent is not connected';

  return (
    <Page title="Live logs" gap={12}>
      <LiveLogToolbar
        paused={live.buffer.paused}
        onPause={live.pause}
        onResume={live.resume}
        onClear={live.clear}
        levels={levels}
        onLevels={setLevels}
        retention={live.buffer.retention}
        onRetention={live.setRetention}
        order={order}
        onOrder={setOrder}
      />
      <LiveLogStatus connection={live.connection} agent={agent} buffer={live.buffer} shown={rows.length} />
      <VirtualLogList key={order} rows={rows} order={order} empty={empty} />
    </Page>
  );
}
