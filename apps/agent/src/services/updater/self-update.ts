import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentServiceVersion } from '@syrx/contracts/agent-protocol';
import { serviceIds } from '@syrx/contracts/services';
import type { InstalledPackage, PackageInstaller } from './package-installer.ts';

/**
 * The agent's own builds are the packages of `Syrx.UpdaterService` (docs/agent-install.md, "Upgrade"): installed by the
 * updater like a service's, beside the others under `<data-dir>/<controller id>/services/Syrx.UpdaterService/`, and
 * run by the supervisor (`syrx-agent run`, AgentSupervisor), which starts the build `current` names.
 */
export const agentServiceId = serviceIds.updater;
/** The agent ends with this code to have its supervisor start the build `current` now names. */
export const restartExitCode = 75;
/** What `--agent-build` says when the supervisor runs the installed package's own build (no `current`). */
export const baseBuild = 'base';

/** A build switched to and not yet accepted: written by the agent that hands over, read by the supervisor at each start. */
export interface PendingBuild {
  version: string;
  sha256: string;
  /** The installed build to go back to; null: the package's own (base) build. */
  previous: string | null;
  /** How often the supervisor has started it without its reporting healthy (a crash loop ends at maxStarts). */
  starts: number;
  at: string;
}

/** A rollback the supervisor did, for the agent it rolled back to: it logs it to the updater's service log once. */
export interface RollbackReport {
  version: string;
  reason: string;
  rolled_back_to: string;
  at: string;
}

/** The running agent's side of its own rollout (RolloutController's `self`). */
export interface SelfBuild {
  /** Whether this process runs that published version (the base build: by its version alone). */
  runs(v: AgentServiceVersion): Promise<boolean>;
  /**
   * Resolves once the supervisor has accepted this build (at once when it is not on probation); rejects when `signal`
   * aborts. Until then it installs and hands over nothing: its end would read as a failed start (rolled back to the
   * build before it), and the acceptance's clean-up could remove the newer build's folder.
   */
  accepted(signal?: AbortSignal): Promise<void>;
  /** Marks the installed build pending, switches `current` to it and has the supervisor start it: this agent ends. */
  handOver(pkg: InstalledPackage): Promise<void>;
}

const pendingFile = 'pending.json';
/** How often a build on probation looks whether the supervisor has accepted it (it asks every 250 ms). */
const probationPollMs = 250;
const reportFile = 'rolled-back.json';

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function writeJson(dir: string, name: string, value: unknown): Promise<void> {
  const temp = join(dir, `.${name}-${randomBytes(4).toString('hex')}`);
  await writeFile(temp, JSON.stringify(value, null, 2));
  await rename(temp, join(dir, name));
}

/** The marker files of the agent's builds, beside the installer's `current`, `previous` and `failed.json`. */
export class AgentBuilds {
  readonly dir: string;

  constructor(readonly installer: PackageInstaller) {
    this.dir = installer.serviceDir(agentServiceId);
  }

  pending(): Promise<PendingBuild | null> {
    return readJson<PendingBuild>(join(this.dir, pendingFile));
  }

  setPending(p: PendingBuild | null): Promise<void> {
    return p ? writeJson(this.dir, pendingFile, p) : rm(join(this.dir, pendingFile), { force: true });
  }

  /** Returns the last rollback's report and removes it, so that it is told once. */
  async takeReport(): Promise<RollbackReport | null> {
    const r = await readJson<RollbackReport>(join(this.dir, reportFile));
    if (r) await rm(join(this.dir, reportFile), { force: true });
    return r;
  }

  report(r: RollbackReport): Promise<void> {
    return writeJson(this.dir, reportFile, r);
  }

  /**
   * Hands over to an installed build: marks it pending (its previous build being the one that runs, `running`, or the
   * base build), points `current` at it and `previous` at the running one. The caller then ends with restartExitCode.
   */
  async handOver(pkg: InstalledPackage, running: string): Promise<void> {
    const previous = running === baseBuild ? null : running;
    await this.setPending({ version: pkg.version, sha256: pkg.sha256, previous, starts: 0, at: new Date().toISOString() });
    await this.installer.switchTo(agentServiceId, pkg.version, previous);
  }
}

/**
 * The build this process runs under the supervisor: `build` is what `--agent-build` says (an installed version's name or
 * `base`), `version` the agent's own; `restart` stops the agent with restartExitCode.
 */
export function selfBuild(builds: AgentBuilds, o: { build: string; version: string; restart(): void }): SelfBuild {
  return {
    async runs(v) {
      // An installed build is known by its folder (the published name) and package; the base build by its version.
      if (o.build === baseBuild) return v.version_name === o.version;
      return v.version_name === o.build && (await builds.installer.installed(agentServiceId, o.build, v.sha256)) !== null;
    },
    async accepted(signal) {
      while ((await builds.pending())?.version === o.build) await sleep(probationPollMs, undefined, { signal });
    },
    async handOver(pkg) {
      await builds.handOver(pkg, o.build);
      o.restart();
    },
  };
}
