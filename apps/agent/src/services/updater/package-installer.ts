import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type AgentServiceVersion, agentCredentialHeaders } from '@syrx/contracts/agent-protocol';
import { artifactSha256Header } from '@syrx/contracts/service-versions';
import { installedManifestName, PackageError, type PackageManifest, unpackServicePackage } from './service-package.ts';
import type { FailedVersion } from './version-resolver.ts';

/** An installed version of a service: its folder and the file the agent runs. */
export interface InstalledPackage {
  serviceId: string;
  version: string;
  sha256: string;
  dir: string;
  /** Absolute path of the manifest's entry. */
  entry: string;
}

export interface PackageInstallerOptions {
  /** `<data-dir>/<controller id>/services`: one folder per service id. */
  root: string;
  serverUrl: string;
  controllerId: string;
  controllerPassword: string;
}

/** The download failed or the bytes were not the published ones: worth trying again later. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

const safeName = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
/** A download that takes longer than this (a stalled connection) fails and is tried again later. */
const downloadTimeoutMs = 15 * 60_000;
type Pointer = 'current' | 'previous';

/**
 * The packages of the services on this controller, under `root/<service id>/`: one folder per version
 * (`<version>/`, the package's files and manifest.json), the `current` and `previous` symbolic links naming the
 * version folders, `failed.json` (versions given up on) and `data/` (the service's own files, kept across versions).
 */
export class PackageInstaller {
  constructor(private readonly o: PackageInstallerOptions) {}

  serviceDir(serviceId: string): string {
    if (!safeName.test(serviceId)) throw new PackageError(`not a service id: ${serviceId}`);
    return join(this.o.root, serviceId);
  }

  /** The installed version of that package, or null when it is not (or another package of that version is) installed. */
  async installed(serviceId: string, version: string, sha256?: string): Promise<InstalledPackage | null> {
    if (!safeName.test(version)) return null;
    const dir = join(this.serviceDir(serviceId), version);
    try {
      const m = JSON.parse(await readFile(join(dir, installedManifestName), 'utf8')) as PackageManifest & { sha256: string };
      if (m.service_id !== serviceId || m.version !== version || (sha256 !== undefined && m.sha256 !== sha256)) return null;
      return { serviceId, version, sha256: m.sha256, dir, entry: join(dir, m.entry) };
    } catch {
      return null;
    }
  }

  /**
   * Installs a published version beside the others (kept when already there): downloads it with the controller's
   * credentials, verifies its sha256, unpacks it into `<version>.tmp-…/` and renames that to `<version>/`.
   * Throws a DownloadError (try again later) or a PackageError (this package will never do).
   */
  async install(serviceId: string, v: AgentServiceVersion, signal?: AbortSignal): Promise<InstalledPackage> {
    const existing = await this.installed(serviceId, v.version_name, v.sha256);
    if (existing) return existing;
    if (!safeName.test(v.version_name)) throw new PackageError(`not a version name: ${v.version_name}`);
    const bytes = await this.download(serviceId, v, signal);
    const { manifest, files } = await unpackServicePackage(bytes);
    if (manifest.service_id !== serviceId) throw new PackageError(`the package is one of ${manifest.service_id}, not of ${serviceId}`);
    if (manifest.version !== v.version_name) throw new PackageError(`the package says it is version ${manifest.version}, published as ${v.version_name}`);
    const dir = join(this.serviceDir(serviceId), v.version_name);
    const temp = `${dir}.tmp-${randomBytes(4).toString('hex')}`;
    try {
      for (const [path, content] of files) {
        await mkdir(dirname(join(temp, path)), { recursive: true });
        await writeFile(join(temp, path), content);
      }
      await writeFile(join(temp, installedManifestName), JSON.stringify({ ...manifest, sha256: v.sha256, artifact_id: v.artifact_id, installed_at: new Date().toISOString() }, null, 2));
      // Another package of the same version (published again) makes way; a process running from it keeps its files open.
      await rm(dir, { recursive: true, force: true });
      await rename(temp, dir);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return { serviceId, version: v.version_name, sha256: v.sha256, dir, entry: join(dir, manifest.entry) };
  }

  /** The package's bytes from the server, refused unless they have the published size and sha256. */
  async download(serviceId: string, v: AgentServiceVersion, signal?: AbortSignal): Promise<Buffer> {
    const url = `${this.o.serverUrl}/api/v2/syrx-controller-service-types/${encodeURIComponent(serviceId)}/artifacts/${v.artifact_id}/package`;
    let res: Response;
    try {
      const timeout = AbortSignal.timeout(downloadTimeoutMs);
      res = await fetch(url, {
        headers: { [agentCredentialHeaders.controllerId]: this.o.controllerId, [agentCredentialHeaders.password]: this.o.controllerPassword },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw new DownloadError(`cannot download the package: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok || !res.body) throw new DownloadError(`cannot download the package: the server answered ${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`);
    const served = res.headers.get(artifactSha256Header);
    if (served !== null && served !== v.sha256) throw new DownloadError(`sha256 mismatch: the server sends ${served}, ${v.sha256} was published`);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > v.size) throw new DownloadError(`the package is larger than the ${v.size} bytes published`);
        hash.update(chunk);
        chunks.push(Buffer.from(chunk));
      }
    } catch (err) {
      throw err instanceof DownloadError ? err : new DownloadError(`the download broke off: ${err instanceof Error ? err.message : String(err)}`);
    }
    const got = hash.digest('hex');
    if (got !== v.sha256) throw new DownloadError(`sha256 mismatch: downloaded ${got}, ${v.sha256} was published`);
    return Buffer.concat(chunks, size);
  }

  /** The versions the `current` and `previous` links name, or null. */
  async pointer(serviceId: string, name: Pointer): Promise<string | null> {
    try {
      return await readlink(join(this.serviceDir(serviceId), name));
    } catch {
      return null;
    }
  }

  /** Points `current` at a version (and `previous`, when given, at another; null removes it), each link replaced atomically. */
  async switchTo(serviceId: string, version: string | null, previous?: string | null): Promise<void> {
    const dir = this.serviceDir(serviceId);
    await mkdir(dir, { recursive: true });
    const set = async (name: Pointer, target: string | null) => {
      if (target === null) return rm(join(dir, name), { force: true });
      const temp = join(dir, `.${name}-${randomBytes(4).toString('hex')}`);
      await symlink(target, temp);
      await rename(temp, join(dir, name));
    };
    if (previous !== undefined) await set('previous', previous);
    await set('current', version);
  }

  async failedVersions(serviceId: string): Promise<FailedVersion[]> {
    try {
      return JSON.parse(await readFile(join(this.serviceDir(serviceId), 'failed.json'), 'utf8')) as FailedVersion[];
    } catch {
      return [];
    }
  }

  /** Records a version given up on (its latest failure replaces an earlier one); kept across restarts. */
  async markFailed(serviceId: string, f: FailedVersion): Promise<void> {
    const dir = this.serviceDir(serviceId);
    await mkdir(dir, { recursive: true });
    const list = (await this.failedVersions(serviceId)).filter((x) => !(x.version === f.version && x.sha256 === f.sha256));
    const temp = join(dir, `.failed-${randomBytes(4).toString('hex')}`);
    await writeFile(temp, JSON.stringify([...list, f].slice(-50), null, 2));
    await rename(temp, join(dir, 'failed.json'));
  }

  /** Removes the version folders other than `keep` (and leftovers of interrupted installs). */
  async prune(serviceId: string, keep: readonly string[]): Promise<void> {
    const dir = this.serviceDir(serviceId);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'data' || keep.includes(e.name)) continue;
      await rm(join(dir, e.name), { recursive: true, force: true });
    }
  }
}
