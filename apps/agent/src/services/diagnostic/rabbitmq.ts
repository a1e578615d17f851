import type { DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import { runCommand, splitCommand } from '../../lib/system.ts';

export type BrokerMetrics = DiagnosticsSnapshot['rabbitmq'];
type Row = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
/** rabbitmqctl's JSON gives addresses as Erlang tuples: [127,0,0,1], or eight 16-bit groups for IPv6. */
export function hostText(v: unknown): string {
  if (!Array.isArray(v)) return text(v);
  if (v.length === 4) return v.join('.');
  if (v.length === 8) return v.map((n) => Number(n).toString(16)).join(':');
  return JSON.stringify(v);
}

const columns = {
  queues: ['list_queues', 'name', 'policy', 'messages_ready', 'messages_unacknowledged', 'messages'],
  channels: ['list_channels', 'name', 'connection', 'consumer_count', 'prefetch_count', 'messages_unacknowledged'],
  // pid: to name each channel's connection (list_channels gives the connection's process id).
  connections: ['list_connections', 'name', 'pid', 'peer_host', 'peer_port', 'host', 'port'],
} as const;

/**
 * Reads the broker's queues, channels and connections with `rabbitmqctl … --formatter json -q` (the command as
 * `--rabbitmq` names it), and remembers when it first saw each queue.
 */
export class RabbitMqReader {
  private readonly firstSeen = new Map<string, string>();

  constructor(private readonly command: string | undefined, private readonly timeoutMs = 15_000) {}

  async read(now = new Date()): Promise<BrokerMetrics> {
    if (!this.command?.trim()) return { state: 'not-configured', error: null, queues: [], channels: [], connections: [] };
    try {
      const queues = await this.list(columns.queues);
      const channels = await this.list(columns.channels);
      const connections = await this.list(columns.connections);
      return { state: 'ok', error: null, ...this.shape(queues, channels, connections, now) };
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      return { state: 'unreachable', error, queues: [], channels: [], connections: [] };
    }
  }

  private async list(args: readonly string[]): Promise<Row[]> {
    const { file, args: first } = splitCommand(this.command ?? '');
    const out = await runCommand(file, [...first, ...args, '--formatter', 'json', '-q'], this.timeoutMs).catch((err: unknown) => {
      throw new Error(`${args[0]}: ${err instanceof Error ? err.message : String(err)}`);
    });
    const rows: unknown = out.trim() ? JSON.parse(out) : [];
    if (!Array.isArray(rows)) throw new Error(`${args[0]} did not answer a list`);
    return rows.filter((r): r is Row => typeof r === 'object' && r !== null);
  }

  private shape(queues: Row[], channels: Row[], connections: Row[], now: Date): Omit<BrokerMetrics, 'state' | 'error'> {
    const at = now.toISOString();
    const names = new Set(queues.map((q) => text(q.name)));
    for (const name of this.firstSeen.keys()) if (!names.has(name)) this.firstSeen.delete(name);
    const connectionName = new Map(connections.map((c) => [text(c.pid), text(c.name)]));
    return {
      queues: queues.slice(0, 5000).map((q) => {
        const name = text(q.name);
        if (!this.firstSeen.has(name)) this.firstSeen.set(name, at);
        return {
          name, policy: text(q.policy) || null, numMessagesReady: int(q.messages_ready), numMessagesUnacknowledged: int(q.messages_unacknowledged),
          numMessagesTotal: int(q.messages), firstSeenTimestamp: this.firstSeen.get(name) ?? at, '@timestamp': at,
        };
      }),
      channels: channels.slice(0, 5000).map((c) => ({
        name: text(c.name), connectionName: connectionName.get(text(c.connection)) ?? text(c.connection), numConsumers: int(c.consumer_count),
        prefetchCount: int(c.prefetch_count), numMessagesUnacknowledged: int(c.messages_unacknowledged),
      })),
      connections: connections.slice(0, 5000).map((c) => ({
        name: text(c.name), peerHost: hostText(c.peer_host), peerPort: int(c.peer_port), host: hostText(c.host), port: int(c.port),
      })),
    };
  }
}
