import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { packDirectory, PackageError, packServicePackage, unpackServicePackage } from './service-package.ts';

const manifest = { service_id: 'Syrx.Services.ControlService', version: '1.4.0', entry: 'bin/main.mjs' };
let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the service package format', () => {
  it('packs a folder (regular files only) and unpacks it to the same manifest and bytes', async () => {
    dir = await mkdtemp(join(tmpdir(), 'syrx-pack-'));
    await mkdir(join(dir, 'bin'));
    await writeFile(join(dir, 'bin/main.mjs'), 'console.log("hi");\n');
    await writeFile(join(dir, 'data.bin'), Buffer.from([0, 1, 2, 255]));
    await symlink('/etc/passwd', join(dir, 'link'));
    const { manifest: m, files } = await unpackServicePackage(await packDirectory(dir, manifest));
    expect(m).toEqual(manifest);
    expect([...files.keys()].sort()).toEqual(['bin/main.mjs', 'data.bin']);
    expect(files.get('data.bin')).toEqual(Buffer.from([0, 1, 2, 255]));
    await expect(packDirectory(dir, { ...manifest, entry: 'missing.mjs' })).rejects.toThrow(PackageError);
  });

  it('refuses documents that are not the format, entries that are not JavaScript and reserved or escaping paths', async () => {
    const refused = async (bytes: Buffer) => (await unpackServicePackage(bytes).catch((e: unknown) => e)) as Error;
    expect(await refused(gzipSync(Buffer.from('{"format":"zip"}')))).toBeInstanceOf(PackageError);
    expect((await refused(packServicePackage({ ...manifest, entry: 'run.sh' }, { 'run.sh': '' }))).message).toMatch(/the entry must be a \.js, \.mjs or \.cjs file/);
    for (const path of ['/etc/cron.d/x', 'a/../../b', 'manifest.json', 'a\\b']) {
      expect((await refused(packServicePackage(manifest, { 'bin/main.mjs': '', [path]: '' }))).message).toMatch(/outside itself/);
    }
  });
});
