import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, Progress, Table, Tag, Typography } from 'antd';
import { type DiscoveredDevice } from '@syrx/contracts/realtime';
import { hasDestination } from '@syrx/contracts/bacnet';
import { useAllDevices } from '../api/devices';
import { useDiscovery } from '../hooks/use-discovery';
import { countOf, defaultDiscoveryTiming, discoveredKey, knownInstances, parseDiscoveryTiming } from '../utils/discovery';
import { DialogFrame } from './dialog-frame';

/** Elapsed share of the longest listening time, so the bar moves while the agent listens (it may end sooner). */
function useListeningPercent(startedAt: number, running: boolean, maxSeconds: number): number {
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return Math.min(99, Math.round(((now - startedAt) / (maxSeconds * 1000)) * 100));
}

const parseNetwork = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** Discover devices: listen for I-Am answers, then submit the chosen devices to the controller. */
export function DiscoveryDialog({ controllerId, onClose }: { controllerId: string; onClose: () => void }) {
  const devices = useAllDevices(controllerId);
  const known = useMemo(() => knownInstances(devices.data ?? []), [devices.data]);
  const discovery = useDiscovery(controllerId, known);
  const [network, setNetwork] = useState('');
  const [quiet, setQuiet] = useState(String(defaultDiscoveryTiming.quietSeconds));
  const [max, setMax] = useState(String(defaultDiscoveryTiming.maxSeconds));
  const [timing, setTiming] = useState(defaultDiscoveryTiming);
  const [timingError, setTimingError] = useState<string | null>(null);
  const { start } = discovery;
  useEffect(() => {
    start(null, defaultDiscoveryTiming);
  }, [start]);
  const { phase } = discovery.state;
  const percent = useListeningPercent(discovery.startedAt, phase === 'running', timing.maxSeconds);
  const discoverAgain = () => {
    const parsed = parseDiscoveryTiming(quiet, max);
    setTimingError(parsed.ok ? null : parsed.message);
    if (!parsed.ok) return;
    setTiming(parsed.timing);
    start(parseNetwork(network), parsed.timing);
  };

  const columns = [
    {
      title: 'Add',
      key: 'add',
      width: 130,
      render: (_: unknown, d: DiscoveredDevice) =>
        known.has(d.InstanceNumber) ? (
          <Tag>Already added</Tag>
        ) : (
          <Checkbox
            aria-label={`Add device ${d.InstanceNumber}`}
            checked={discovery.isChosen(d)}
            disabled={phase !== 'ready_for_submit'}
            onChange={(e) => discovery.toggle(d, e.target.checked)}
          />
        ),
    },
    { title: 'Instance number', dataIndex: 'InstanceNumber', key: 'instance' },
    { title: 'MAC address', key: 'mac', render: (_: unknown, d: DiscoveredDevice) => `${d.MacAddress} [${d.Network}]` },
    {
      title: 'Destination',
      key: 'destination',
      render: (_: unknown, d: DiscoveredDevice) =>
        hasDestination({ destination_mac_address: d.DestinationMacAddress, destination_network: d.DestinationNetwork }) ? `${d.DestinationMacAddress} [${d.DestinationNetwork}]` : 'n/a',
    },
  ];

  const close = () => {
    discovery.stop();
    onClose();
  };
  const again = (
    <Flex gap={8} style={{ marginRight: 'auto' }}>
      <Input aria-label="Network (optional)" placeholder="Network (optional)" value={network} onChange={(e) => setNetwork(e.target.value)} style={{ width: 170 }} />
      <Input aria-label="Quiet period (s)" addonBefore="Quiet" suffix="s" value={quiet} onChange={(e) => setQuiet(e.target.value)} style={{ width: 120 }} />
      <Input aria-label="Maximum (s)" addonBefore="Max" suffix="s" value={max} onChange={(e) => setMax(e.target.value)} style={{ width: 110 }} />
      <Button disabled={phase === 'running' || phase === 'submitting'} onClick={discoverAgain}>
        Discover again
      </Button>
    </Flex>
  );
  // Nothing is saved until the devices are added: after listening, adding every new one is the primary action.
  const fresh = discovery.newDevices.length;
  const addAll = fresh > 0 ? <Button type="primary" onClick={discovery.addAllNew}>Add all new devices</Button> : undefined;
  const summary = `${countOf(discovery.found.length, 'device')} found, ${countOf(fresh, 'new device')} (${discovery.found.length - fresh} already added), ${discovery.chosen.length} chosen to add`;
  return (
    <DialogFrame
      title="Discover devices" state={discovery.state} submittable={discovery.chosen.length > 0} onSubmit={discovery.submit} onClose={close} extraActions={again} primaryAction={addAll}
    >
      {phase === 'running' && <Progress percent={percent} status="active" aria-label="Discovery progress" />}
      {timingError && <Alert type="error" showIcon title={timingError} />}
      <Typography.Text type="secondary">Discovery ends once no new device has answered for the quiet period ({timing.quietSeconds} s), after {timing.maxSeconds} s at the latest.</Typography.Text>
      <Typography.Text data-testid="discovery-summary">{summary}</Typography.Text>
      {phase === 'ready_for_submit' && fresh > 0 && (
        <Alert type="info" showIcon title={`${countOf(fresh, 'new device')} ${fresh === 1 ? 'is' : 'are'} not saved yet: add them to the controller.`} />
      )}
      <Table<DiscoveredDevice> rowKey={discoveredKey} size="small" columns={columns} dataSource={discovery.found} pagination={false} scroll={{ y: 260 }} locale={{ emptyText: 'No devices yet' }} />
    </DialogFrame>
  );
}
