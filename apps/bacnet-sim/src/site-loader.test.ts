import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceObjects } from './model/object-groups.ts';
import { demoSitePath, loadSite, SiteFileError } from './site-loader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bacnet-sim-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loadSite', () => {
  it('loads the demo building with everything the agent and the demo rely on', async () => {
    const site = await loadSite(demoSitePath);
    const direct = site.devices.filter((d) => d.address);
    expect(direct.length).toBeGreaterThanOrEqual(4);
    expect(new Set(direct.map((d) => d.address?.ip)).size).toBe(direct.length);
    expect(direct.every((d) => d.address?.ip !== '127.0.0.1')).toBe(true);
    expect(site.routers).toEqual([expect.objectContaining({ network: 1001 })]);
    expect(site.devices.filter((d) => d.network === 1001)).toHaveLength(20);
    expect(site.bbmd?.address.ip).toBe('127.0.10.1');
    expect(site.devices.map((d) => deviceObjects(d).length + 1)).toContain(2000);
    const objects = site.devices.flatMap((d) => d.objects);
    expect(objects.filter((o) => o.type === 'analog-input' && o.units === 'inches-of-water' && /^BPT-\d/.test(o.name))).toHaveLength(4);
    expect(objects.find((o) => o.name === 'Outside Air Temperature')).toMatchObject({ type: 'analog-input', units: 'degrees-fahrenheit' });
    expect(objects.find((o) => o.name === 'Building Pressure Normalized Output')).toMatchObject({ type: 'analog-output' });
  });

  it('says which file is missing or not JSON', async () => {
    await expect(loadSite(join(dir, 'nope.json'))).rejects.toThrow(/Invalid site file .*nope\.json:\n {2}- cannot read the file: ENOENT/);
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ "name": ');
    await expect(loadSite(broken)).rejects.toThrow(/not valid JSON/);
  });

  it('lists the bad fields of an invalid file in its message', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ name: 'Bad', devices: [{ instance: 1, name: 'D-1', vendorName: 'V', vendorId: 1, modelName: 'M', network: 5, mac: 1 }] }));
    const error = await loadSite(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as Error).message).toBe(`Invalid site file ${file}:\n  - devices[0] (D-1).network: no router in this site serves network 5`);
  });
});
