import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentEnabledService, AgentServiceVersion } from '@syrx/contracts/agent-protocol';
import type { RolloutStateName, ServiceRollout } from '@syrx/contracts/service-rollout';
import { type Logger, subLogger } from '../../logger.ts';
import type { SupervisedService } from '../service-module.ts';
import { DownloadError, type InstalledPackage, type PackageInstaller } from './package-installer.ts';
import type { SelfBuild } from './self-update.ts';
import { ServiceProcess } from './service-process.ts';
import { type FailedVersion, resolveVersion } from './version-resolver.ts';

export interface RolloutControllerOptions {
  serviceId: string;
  installer: PackageInstaller;
  /** The service's logger: the package's output and the updater's lines about it go to the service's logs. */
  logger: Logger;
  /** How long a new version has to report healthy before it is rolled back. */
  healthTimeoutMs: number;
  /** When a download failed, how long before it is tried again (a new configuration tries at once). */
  retryMs: number;
  /** What it runs, takes over or reports changed. */
  changed(): void;
  /**
   * The agent's own builds (Syrx.UpdaterService run by the supervisor): this process is the running version, and a
   * new one is installed the same way but handed over to the supervisor, which starts it and checks its health.
   */
  self?: SelfBuild;
}

const restartMinMs = 1000;
const restartMaxMs = 60_000;
/** A process that ran this long before it ended is restarted after the shortest delay again. */
const stableMs = 60_000;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const failure = (v: AgentServiceVersion, reason: string): FailedVersion => ({ version: v.version_name, sha256: v.sha256, reason, at: new Date().toISOString() });

/**
 * Keeps one enabled service at the highest published version its assigned range allows: installs it beside the
 * running one, switches `current`, starts it and waits for it to report healthy; rolls back to the previous version
 * (or to the agent's built-in module when there was none) when it does not. One step at a time: a configuration that
 * arrives meanwhile is taken up when the step ends.
 */
export class RolloutController {
  private wanted: AgentEnabledService | null = null;
  private running: { pkg: InstalledPackage; proc: ServiceProcess } | null = null;
  private heldOff = false;
  private rollout: ServiceRollout = { state: 'built_in', target_version: null, reason: null, since: new Date().toISOString() };
  private busy: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();
  private retryTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartDelay = restartMinMs;
  private restartAt = 0;
  private restarts = 0;
  /** The process being checked after a switch: its end is the check's failure, not a crash to restart. */
  private probation: ServiceProcess | null = null;
  private readonly log: Logger;

  constructor(private readonly o: RolloutControllerOptions) {
    this.log = subLogger(o.logger, 'Updater');
  }

  /** The service as the configuration enables it (with its published versions), or null when it is not. */
  want(entry: AgentEnabledService | null): void {
    this.wanted = entry;
    this.kick();
  }

  /** Whether the agent's own module must stay off: a package runs the service or is being started. */
  takesOver(): boolean {
    return this.heldOff;
  }

  describe(): SupervisedService {
    const r = this.running;
    return {
      version: r?.pkg.version ?? null,
      state: r ? r.proc.state() : this.heldOff ? 'activating' : null,
      rollout: this.rollout,
      ...(r ? { diagnostics: { pid: r.proc.pid, started: r.proc.startedAt.toISOString(), restarts: this.restarts } } : {}),
    };
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.retryTimer);
    clearTimeout(this.restartTimer);
    await this.busy;
    await this.running?.proc.stop();
    this.running = null;
  }

  private kick(): void {
    if (this.abort.signal.aborted) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = this.loop()
      .catch((err: unknown) => this.log.error({ err }, `the update of ${this.o.serviceId} failed`))
      .finally(() => {
        this.busy = null;
        if (this.again) this.kick();
      });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.step();
    } while (this.again && !this.abort.signal.aborted);
  }

  private async step(): Promise<void> {
    const w = this.wanted;
    const r = w ? resolveVersion(w.assigned_version, w.versions, await this.o.installer.failedVersions(this.o.serviceId)) : { kind: 'built_in' as const };
    switch (r.kind) {
      case 'built_in':
        if (!this.o.self) await this.release();
        return this.set('built_in');
      case 'no_match':
        return this.set('no_match');
      case 'hold':
        return this.set('rolled_back', r.skipped.version, r.skipped.reason);
      case 'run': {
        if (this.o.self) return (await this.o.self.runs(r.target)) ? this.settled(r.skipped) : this.update(r.target, r.skipped);
        const now = this.running;
        if (!now || now.pkg.version !== r.target.version_name || now.pkg.sha256 !== r.target.sha256) return this.update(r.target, r.skipped);
        if (!now.proc.alive && Date.now() >= this.restartAt) this.restart(now.pkg);
        return this.settled(r.skipped);
      }
    }
  }

  private async update(target: AgentServiceVersion, skipped: FailedVersion | null): Promise<void> {
    const { serviceId, installer } = this.o;
    const version = target.version_name;
    this.set('updating', version);
    let pkg: InstalledPackage;
    try {
      // A build of the agent on probation installs nothing before the supervisor accepts it (SelfBuild.accepted).
      await this.o.self?.accepted(this.abort.signal);
      pkg = await installer.install(serviceId, target, this.abort.signal);
    } catch (err) {
      if (this.abort.signal.aborted) return;
      const reason = messageOf(err);
      // A failed download is tried again later; a package that is not one will never do.
      if (err instanceof DownloadError) this.retryLater();
      else await installer.markFailed(serviceId, failure(target, reason));
      this.log.error({ version, reason }, `cannot install ${serviceId} ${version}: ${reason}`);
      return this.set('failed', version, reason);
    }
    if (this.o.self) {
      this.log.info({ version }, `restarting into the agent ${version}`);
      try {
        await this.o.self.handOver(pkg);
      } catch (err) {
        const reason = `cannot switch to it: ${messageOf(err)}`;
        this.log.error({ version, reason }, `cannot install ${serviceId} ${version}: ${reason}`);
        this.retryLater();
        return this.set('failed', version, reason);
      }
      // This process is on its way out: nothing more to decide here.
      this.abort.abort();
      return;
    }
    const fallback = await this.fallbackFor(target);
    this.takeOver();
    await this.running?.proc.stop();
    this.running = null;
    await installer.switchTo(serviceId, version, fallback?.version ?? null);
    this.log.info({ version, previous: fallback?.version ?? null }, `starting ${serviceId} ${version}`);
    const reason = await this.startHealthy(pkg);
    if (reason === null) {
      this.log.info({ version }, `${serviceId} ${version} is running and healthy`);
      await installer.prune(serviceId, fallback ? [version, fallback.version] : [version]);
      return this.settled(skipped);
    }
    if (this.abort.signal.aborted) return;
    await installer.markFailed(serviceId, failure(target, reason));
    const back = fallback?.version ?? "the agent's built-in module";
    this.log.error({ version, reason, rolled_back_to: back }, `${serviceId} ${version} did not become healthy: ${reason}; rolled back to ${back}`);
    if (!fallback) {
      await installer.switchTo(serviceId, null, null);
      await this.release();
      return this.set('rolled_back', version, reason);
    }
    await installer.switchTo(serviceId, fallback.version, null);
    const again = await this.startHealthy(fallback);
    if (again === null) return this.set('rolled_back', version, reason);
    if (this.abort.signal.aborted) return;
    this.log.error({ version: fallback.version, reason: again }, `${serviceId} ${fallback.version} did not become healthy again either: ${again}`);
    await this.release();
    this.set('failed', version, `${reason}; ${fallback.version} did not start again either: ${again}`);
  }

  /** What to roll back to: the version running now, else the one `current` (or `previous`) names on disk. */
  private async fallbackFor(target: AgentServiceVersion): Promise<InstalledPackage | null> {
    if (this.running) return this.running.pkg;
    const { installer, serviceId } = this.o;
    for (const name of [await installer.pointer(serviceId, 'current'), await installer.pointer(serviceId, 'previous')]) {
      if (name && name !== target.version_name) {
        const pkg = await installer.installed(serviceId, name);
        if (pkg) return pkg;
      }
    }
    return null;
  }

  /** Starts the package and waits until it reports healthy; the reason when it does not (it is stopped then). */
  private async startHealthy(pkg: InstalledPackage): Promise<string | null> {
    const proc = await this.spawn(pkg);
    this.probation = proc;
    try {
      await proc.waitHealthy(this.o.healthTimeoutMs, this.abort.signal);
    } catch (err) {
      await proc.stop();
      this.running = null;
      return messageOf(err);
    } finally {
      this.probation = null;
    }
    this.o.changed();
    return null;
  }

  private async spawn(pkg: InstalledPackage): Promise<ServiceProcess> {
    const dataDir = join(this.o.installer.serviceDir(pkg.serviceId), 'data');
    await mkdir(dataDir, { recursive: true });
    const proc = new ServiceProcess({ pkg, dataDir, logger: this.o.logger });
    this.running = { pkg, proc };
    this.o.changed();
    proc.onExit(() => this.ended(proc));
    return proc;
  }

  /** An accepted version that ends by itself is started again, after 1 s doubling to 60 s. */
  private ended(proc: ServiceProcess): void {
    if (this.running?.proc !== proc || this.probation === proc || proc.stopping || this.abort.signal.aborted) return;
    if (Date.now() - proc.startedAt.getTime() > stableMs) this.restartDelay = restartMinMs;
    this.log.error({ version: this.running.pkg.version }, `${this.o.serviceId} ${this.running.pkg.version} ended unexpectedly (${proc.exitReason()}); starting it again in ${this.restartDelay / 1000} s`);
    this.restartAt = Date.now() + this.restartDelay;
    this.restartTimer = setTimeout(() => this.kick(), this.restartDelay);
    this.restartDelay = Math.min(this.restartDelay * 2, restartMaxMs);
    this.o.changed();
  }

  private restart(pkg: InstalledPackage): void {
    this.restarts += 1;
    void this.spawn(pkg).then((proc) => proc.waitHealthy(this.o.healthTimeoutMs, this.abort.signal)).then(() => this.o.changed(), () => undefined);
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.kick(), this.o.retryMs);
  }

  private takeOver(): void {
    if (this.heldOff) return;
    this.heldOff = true;
    this.o.changed();
  }

  /** Stops the package and lets the agent's own module run the service again. */
  private async release(): Promise<void> {
    const r = this.running;
    this.running = null;
    await r?.proc.stop();
    if (!this.heldOff) return;
    this.heldOff = false;
    this.o.changed();
  }

  private settled(skipped: FailedVersion | null): void {
    if (skipped) this.set('rolled_back', skipped.version, skipped.reason);
    else this.set('up_to_date');
  }

  private set(state: RolloutStateName, target: string | null = null, reason: string | null = null): void {
    const r = this.rollout;
    if (r.state === state && r.target_version === target && r.reason === reason) return;
    this.rollout = { state, target_version: target, reason: reason === null ? null : reason.slice(0, 2000), since: new Date().toISOString() };
    this.o.changed();
  }
}
