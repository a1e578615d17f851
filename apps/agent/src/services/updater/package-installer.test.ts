import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceIds } from '@syrx/contracts/services';
import { type PackageServer, startPackageServer } from '../../testing/package-server.ts';
import { brokenServicePackage, healthyServicePackage } from '../../testing/service-packages.ts';
import { DownloadError, PackageInstaller } from './package-installer.ts';
import { PackageError, packServicePackage } from './service-package.ts';

const service = serviceIds.control;
const credentials = { controllerId: randomUUID(), password: 'controller-secret' };
let server: PackageServer;
let root: string;
let installer: PackageInstaller;

beforeEach(async () => {
  server = await startPackageServer(credentials);
  root = await mkdtemp(join(tmpdir(), 'syrx-installer-'));
  installer = new PackageInstaller({ root, serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: credentials.password });
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const versionFolders = async () => (await readdir(join(root, service), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe('the package installer', () => {
  it('downloads with the controller credentials, verifies and unpacks a version into its own folder', async () => {
    const v = server.publish(service, '1.1.0', healthyServicePackage(service, '1.1.0'));
    const pkg = await installer.install(service, v);
    expect(pkg).toEqual({ serviceId: service, version: '1.1.0', sha256: v.sha256, dir: join(root, service, '1.1.0'), entry: join(root, service, '1.1.0', 'bin/service.mjs') });
    expect(await readFile(join(pkg.dir, 'README.txt'), 'utf8')).toBe(`${service} 1.1.0\n`);
    expect(JSON.parse(await readFile(join(pkg.dir, 'manifest.json'), 'utf8'))).toMatchObject({ service_id: service, version: '1.1.0', entry: 'bin/service.mjs', sha256: v.sha256, artifact_id: v.artifact_id });
    expect(server.requests[0]).toMatchObject({
      url: `/api/v2/syrx-controller-service-types/${service}/artifacts/${v.artifact_id}/package`,
      headers: { 'x-syrx-controller-id': credentials.controllerId, 'x-syrx-controller-password': credentials.password },
    });
    // Installed once: asking again downloads nothing.
    expect(await installer.install(service, v)).toEqual(pkg);
    expect(server.requests).toHaveLength(1);
    expect(await installer.installed(service, '1.1.0', 'another package')).toBeNull();
  });

  it('refuses bytes whose sha256 is not the published one, and installs nothing', async () => {
    const published = healthyServicePackage(service, '1.1.0');
    const v = server.publish(service, '1.1.0', published, { serve: healthyServicePackage(service, '6.6.6') });
    const refused = await installer.install(service, v).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DownloadError);
    expect((refused as Error).message).toMatch(new RegExp(`^sha256 mismatch: downloaded [0-9a-f]{64}, ${v.sha256} was published$`));
    expect(await readdir(root)).toEqual([]);
    // A server that declares another sha256 than the configuration's is refused before anything is read.
    const declared = await installer.install(service, { ...v, sha256: 'f'.repeat(64) }).catch((e: unknown) => e);
    expect((declared as Error).message).toBe(`sha256 mismatch: the server sends ${v.sha256}, ${'f'.repeat(64)} was published`);
  });

  it('refuses wrong credentials and missing artifacts as download failures', async () => {
    const v = server.publish(service, '1.1.0', healthyServicePackage(service, '1.1.0'));
    const wrong = new PackageInstaller({ root, serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: 'guess' });
    await expect(wrong.install(service, v)).rejects.toThrow(/server answered 401/);
    await expect(installer.install(service, { ...v, artifact_id: 99 })).rejects.toBeInstanceOf(DownloadError);
  });

  it('refuses what is not a package of this service and version, or reaches outside its folder', async () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('#!/bin/sh\necho not a package\n'), /^not a service package \(a gzipped JSON document\)/],
      [healthyServicePackage(serviceIds.diagnostic, '1.1.0'), /is one of Syrx\.Services\.DiagnosticService, not of Syrx\.Services\.ControlService/],
      [healthyServicePackage(service, '1.0.9'), /says it is version 1\.0\.9, published as 1\.1\.0/],
      [packServicePackage({ service_id: service, version: '1.1.0', entry: 'x.mjs' }, { 'x.mjs': '', '../escape.mjs': '' }), /outside itself: "\.\.\/escape\.mjs"/],
      [packServicePackage({ service_id: service, version: '1.1.0', entry: 'missing.mjs' }, { 'x.mjs': '' }), /entry missing\.mjs is not among/],
    ];
    for (const [bytes, message] of cases) {
      const refused = await installer.install(service, server.publish(service, '1.1.0', bytes)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PackageError);
      expect((refused as Error).message).toMatch(message);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('switches the current and previous links, remembers failed versions, and prunes the others', async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await installer.install(service, server.publish(service, version, brokenServicePackage(service, version)));
    await installer.switchTo(service, '1.2.0', '1.1.0');
    expect([await installer.pointer(service, 'current'), await installer.pointer(service, 'previous')]).toEqual(['1.2.0', '1.1.0']);
    expect(await readlink(join(root, service, 'current'))).toBe('1.2.0');
    await installer.switchTo(service, '1.1.0', null);
    expect([await installer.pointer(service, 'current'), await installer.pointer(service, 'previous')]).toEqual(['1.1.0', null]);

    const failure = { version: '1.2.0', sha256: 'abc', reason: 'it exited with code 1', at: new Date().toISOString() };
    await installer.markFailed(service, failure);
    await installer.markFailed(service, { ...failure, reason: 'again' });
    expect(await installer.failedVersions(service)).toEqual([{ ...failure, reason: 'again' }]);

    await installer.prune(service, ['1.1.0']);
    expect(await versionFolders()).toEqual(['1.1.0']);
  });
});
