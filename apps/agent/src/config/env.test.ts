import { describe, expect, it } from 'vitest';
import { loadSettings } from './env.ts';

const required = ['--server-url', 'http://127.0.0.1:3000', '--controller-id', '0b7e2c4a-51f4-4a8e-9d55-0f1f3c1e2a10', '--controller-password', 'secret'];

describe('agent settings', () => {
  it('defaults the BACnet settings: all interfaces, port 47808, broadcast 255.255.255.255, no BBMD, revision checks every 300 s', () => {
    expect(loadSettings(required, {})).toMatchObject({ bacnetAddress: '0.0.0.0', bacnetPort: 47808, broadcastAddress: '255.255.255.255', bbmdServers: [], revisionCheckSeconds: 300 });
  });

  it('takes them from flags, else from the environment', () => {
    const fromFlags = loadSettings([...required, '--bacnet-address', '127.0.10.200', '--broadcast-address', '192.168.1.255', '--bbmd', '127.0.10.1, 10.0.0.9:47809', '--revision-check-seconds', '60'], { SYRX_REVISION_CHECK_SECONDS: '5' });
    expect(fromFlags).toMatchObject({ bacnetAddress: '127.0.10.200', broadcastAddress: '192.168.1.255', bbmdServers: ['127.0.10.1:47808', '10.0.0.9:47809'], revisionCheckSeconds: 60 });
    const fromEnv = loadSettings(required, { SYRX_BBMD_SERVERS: '127.0.10.1:47808', SYRX_REVISION_CHECK_SECONDS: '5', SYRX_BROADCAST_ADDRESS: '127.255.255.255' });
    expect(fromEnv).toMatchObject({ bbmdServers: ['127.0.10.1:47808'], revisionCheckSeconds: 5, broadcastAddress: '127.255.255.255' });
  });

  it('keeps the reporting buffer in --data-dir (default ./agent-data), bounded by --buffer-max-records', () => {
    expect(loadSettings(required, {})).toMatchObject({ dataDir: './agent-data', bufferMaxRecords: 2_000_000 });
    expect(loadSettings([...required, '--data-dir', '/var/lib/syrx'], { SYRX_DATA_DIR: '/tmp/x', SYRX_BUFFER_MAX_RECORDS: '5000' })).toMatchObject({ dataDir: '/var/lib/syrx', bufferMaxRecords: 5000 });
  });

  it('ships service logs from INFO, snapshots every 30 s, samples every 15 s, reads no broker, unless told otherwise', () => {
    expect(loadSettings(required, {})).toMatchObject({ shipLogLevel: 'INFO', diagnosticsSeconds: 30, metricsSeconds: 15, rabbitmq: undefined });
    const fromFlags = loadSettings([...required, '--ship-log-level', 'debug', '--diagnostics-seconds', '10', '--metrics-seconds', '5', '--rabbitmq', ' sudo -n rabbitmqctl '], { SYRX_SHIP_LOG_LEVEL: 'ERROR' });
    expect(fromFlags).toMatchObject({ shipLogLevel: 'DEBUG', diagnosticsSeconds: 10, metricsSeconds: 5, rabbitmq: 'sudo -n rabbitmqctl' });
    const fromEnv = loadSettings(required, { SYRX_SHIP_LOG_LEVEL: 'Warn', SYRX_DIAGNOSTICS_SECONDS: '60', SYRX_METRICS_SECONDS: '30', SYRX_RABBITMQ: 'rabbitmqctl' });
    expect(fromEnv).toMatchObject({ shipLogLevel: 'WARN', diagnosticsSeconds: 60, metricsSeconds: 30, rabbitmq: 'rabbitmqctl' });
    expect(() => loadSettings([...required, '--ship-log-level', 'verbose'], {})).toThrow(/shipLogLevel/);
  });

  it('gives terminals the user\'s shell and PATH, LANG and TZ, never the agent\'s own variables', () => {
    const settings = loadSettings(required, { SHELL: '/bin/zsh', PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', SYRX_CONTROLLER_PASSWORD: 'secret' });
    expect(settings).toMatchObject({ shell: '/bin/zsh', terminalEnvironment: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } });
    expect(Object.keys(settings.terminalEnvironment)).toEqual(['PATH', 'LANG']);
  });

  it('gives a new service version 30 s to report healthy and retries a failed download after 300 s, unless told otherwise', () => {
    expect(loadSettings(required, {})).toMatchObject({ serviceHealthTimeoutSeconds: 30, updateRetrySeconds: 300 });
    expect(loadSettings([...required, '--service-health-timeout-seconds', '90'], { SYRX_SERVICE_HEALTH_TIMEOUT_SECONDS: '5', SYRX_UPDATE_RETRY_SECONDS: '60' }))
      .toMatchObject({ serviceHealthTimeoutSeconds: 90, updateRetrySeconds: 60 });
  });

  it('gives a new build of the agent 120 s to report healthy, and takes the build the supervisor names', () => {
    expect(loadSettings(required, {})).toMatchObject({ agentHealthTimeoutSeconds: 120, agentBuild: undefined });
    expect(loadSettings([...required, '--agent-build', '1.2.0', '--agent-health-timeout-seconds', '45'], {})).toMatchObject({ agentBuild: '1.2.0', agentHealthTimeoutSeconds: 45 });
    expect(loadSettings([...required, '--agent-build', 'base'], {}).agentBuild).toBe('base');
    expect(() => loadSettings([...required, '--agent-build', '../1.2.0'], {})).toThrow(/agentBuild: expected base or a version name/);
  });

  it('takes the server, the credentials, the port, the heartbeat and the log level from the environment too', () => {
    const env = {
      SYRX_SERVER_URL: 'http://127.0.0.1:3000', SYRX_CONTROLLER_ID: '0b7e2c4a-51f4-4a8e-9d55-0f1f3c1e2a10', SYRX_CONTROLLER_PASSWORD: 'secret',
      SYRX_BACNET_PORT: '47809', SYRX_HEARTBEAT_SECONDS: '20', SYRX_LOG_LEVEL: 'debug',
    };
    expect(loadSettings([], env)).toMatchObject({ serverUrl: 'http://127.0.0.1:3000', controllerId: env.SYRX_CONTROLLER_ID, controllerPassword: 'secret', bacnetPort: 47809, heartbeatSeconds: 20, logLevel: 'debug' });
    expect(loadSettings(['--bacnet-port', '47810', '--heartbeat-seconds', '5', '--log-level', 'warn'], env)).toMatchObject({ bacnetPort: 47810, heartbeatSeconds: 5, logLevel: 'warn' });
  });

  it('lists every bad setting', () => {
    expect(() => loadSettings([...required, '--bbmd', 'bbmd.local', '--revision-check-seconds', '0', '--bacnet-address', '127.0.10'], {})).toThrow(
      /bacnetAddress: expected an IPv4 address[\s\S]*bbmdServers\.0: expected ip or ip:port[\s\S]*revisionCheckSeconds/,
    );
  });
});
