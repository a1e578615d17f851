import { Flex, Tag, Typography } from 'antd';
import type { AgentConnection } from '../../../lib/realtime/realtime-provider';
import type { LiveLogBuffer } from '../utils/live-log-buffer';
import type { LiveLogConnection } from '../utils/live-log-stream';

function ConnectionTag({ connection }: { connection: LiveLogConnection }) {
  switch (connection.state) {
    case 'watching':
      return <Tag color="green">Receiving live logs</Tag>;
    case 'connecting':
      return <Tag color="processing">Connecting to the live log…</Tag>;
    case 'disconnected':
      return <Tag color="red">Disconnected from the server; reconnecting…</Tag>;
    case 'refused':
      return <Tag color="red">{`The live log was refused: ${connection.error}`}</Tag>;
  }
}

/** Whether entries can arrive (the server connection and the agent), and how many are shown, kept and held. */
export function LiveLogStatus({ connection, agent, buffer, shown }: { connection: LiveLogConnection; agent: AgentConnection; buffer: LiveLogBuffer; shown: number }) {
  return (
    <Flex gap={8} align="center" wrap>
      <ConnectionTag connection={connection} />
      {agent.agentConnected ? (
        <Tag color="green">Agent connected</Tag>
      ) : (
        <Tag color="default">Agent not connected: entries appear once it connects</Tag>
      )}
      <Typography.Text type="secondary">{`${shown} of ${buffer.rows.length} entries shown (keeping the newest ${buffer.retention})`}</Typography.Text>
      {buffer.paused && (
        <Tag color="warning">
          {`Paused: ${buffer.held.length} new entries held, shown on Resume` +
            (buffer.droppedWhilePaused > 0 ? ` (${buffer.droppedWhilePaused} older ones dropped)` : '')}
        </Tag>
      )}
    </Flex>
  );
}
