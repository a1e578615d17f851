import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfigFile, runConfigPath, writeConfigFile } from './config-file.ts';
import { loadSettings } from './env.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'syrx-agent-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const controllerId = '7f1c1d6e-3f59-4c8e-9a47-2d1b8c1f0a11';

describe('the agent configuration file', () => {
  it('is written readable by its owner only, merged over what it held', () => {
    const path = join(scratch(), 'etc/agent.json');
    writeConfigFile(path, { serverUrl: 'http://a', bacnetAddress: '10.0.0.5' });
    writeConfigFile(path, { serverUrl: 'http://b', controllerId });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readConfigFile(path)).toEqual({ serverUrl: 'http://b', bacnetAddress: '10.0.0.5', controllerId });
  });

  it('fills the settings that neither a flag nor the environment gives', () => {
    const path = join(scratch(), 'agent.json');
    writeConfigFile(path, { serverUrl: 'http://file', controllerId, controllerPassword: 'secret', bacnetAddress: '10.0.0.5', bacnetPort: 47809 });
    const s = loadSettings(['--config', path, '--bacnet-address', '10.0.0.9'], { SYRX_SERVER_URL: 'http://env' });
    expect(s).toMatchObject({ serverUrl: 'http://env', controllerId, controllerPassword: 'secret', bacnetAddress: '10.0.0.9', bacnetPort: 47809 });
  });

  it('names the file it cannot use', () => {
    const path = join(scratch(), 'agent.json');
    expect(() => loadSettings(['--config', path], {})).toThrow(`Cannot read the agent configuration ${path}`);
    writeFileSync(path, '[1]');
    expect(() => readConfigFile(path)).toThrow('must hold a JSON object');
    expect(readFileSync(path, 'utf8')).toBe('[1]');
  });

  it('is read from the credentials systemd hands the unit', () => {
    expect(runConfigPath({ CREDENTIALS_DIRECTORY: '/run/credentials/syrx-agent.service' })).toBe('/run/credentials/syrx-agent.service/agent.json');
    expect(runConfigPath({})).toBe('/etc/syrx-agent/agent.json');
  });
});
