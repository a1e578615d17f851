import { Tag } from 'antd';
import type { AgentConnection } from '../../../lib/realtime/realtime-provider';

/** Whether device actions can reach the controller's agent right now. */
export function ConnectionState({ connection }: { connection: AgentConnection }) {
  if (connection.connected) return <Tag color="green">Agent connected</Tag>;
  const why = connection.serverConnected ? 'the agent is not connected' : 'not connected to the server';
  return (
    <Tag color="red" title={connection.inactiveTitle}>
      {`Disconnected from agent (${why})`}
    </Tag>
  );
}
