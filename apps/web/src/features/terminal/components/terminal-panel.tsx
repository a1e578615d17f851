import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { terminalIdleMinutes } from '@syrx/contracts/terminal';
import { useAgentConnection } from '../../../lib/realtime/realtime-provider';
import { useCurrentUser } from '../../../lib/session';
import { useTerminalSession } from '../hooks/use-terminal-session';
import type { TerminalState } from '../utils/terminal-session';
import { TerminalView } from './terminal-view';

export const needsPcsAdminForTerminal = 'Opening a terminal needs the pcs_admin permission.';

function StateMessage({ state }: { state: TerminalState }) {
  switch (state.kind) {
    case 'idle':
      return null;
    case 'connecting':
      return <Tag color="processing">Connecting…</Tag>;
    case 'open':
      return <Tag color="green">Connected</Tag>;
    case 'closed':
      return state.reason === null ? (
        <Alert type="info" showIcon title="Terminal disconnected." />
      ) : (
        <Alert type="warning" showIcon role="alert" title="The terminal session ended" description={state.reason} />
      );
    case 'failed':
      return <Alert type="error" showIcon role="alert" title={state.error} />;
  }
}

/**
 * The control service's panel: a shell on the controller (xterm.js). Only pcs_admin may open one; the session
 * closes after a while without input or output, when another opens for the same user, or when the agent leaves.
 */
export function TerminalPanel({ controllerId }: { controllerId: string }) {
  const allowed = useCurrentUser().permissions.includes('pcs_admin');
  const agent = useAgentConnection(controllerId);
  const { session, state } = useTerminalSession(controllerId);
  const active = state.kind === 'open' || state.kind === 'connecting';
  const connectTitle = !allowed ? needsPcsAdminForTerminal : agent.inactiveTitle;

  return (
    <Card size="small" title="Terminal">
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Button type="primary" disabled={!allowed || !agent.connected || active} title={connectTitle} onClick={() => session.connect()}>
            Connect terminal
          </Button>
          <Button disabled={!active} onClick={() => session.disconnect()}>
            Disconnect terminal
          </Button>
          <StateMessage state={state} />
        </Flex>
        {!allowed && <Typography.Text type="secondary">{needsPcsAdminForTerminal}</Typography.Text>}
        {allowed && (
          <>
            <TerminalView session={session} />
            <Typography.Text type="secondary">{`A session closes after ${terminalIdleMinutes} minutes without input or output.`}</Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}
