import { setTimeout as sleep } from 'node:timers/promises';
import { type Logger, subLogger } from '../../logger.ts';
import type { InstalledPackage } from './package-installer.ts';
import { type AgentBuilds, agentServiceId, baseBuild, type PendingBuild, restartExitCode } from './self-update.ts';
import { ServiceProcess } from './service-process.ts';

export interface AgentSupervisorOptions {
  builds: AgentBuilds;
  /** The installed package's own build (the supervisor's): it runs while `current` names none. */
  base: InstalledPackage;
  /** The run's arguments, handed to every build after its `agent` command. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** How long a new build has to connect and report healthy before it is rolled back. */
  healthTimeoutMs: number;
  logger: Logger;
  /** Starts of a pending build without its reporting healthy (the supervisor itself killed meanwhile) before it is given up. */
  maxStarts?: number;
  /** Delays of the restart after an unexpected end (default 1 s doubling to 60 s, as services). */
  restartMinMs?: number;
  restartMaxMs?: number;
  /** How long the agent gets to stop after SIGTERM before it is killed. */
  stopGraceMs?: number;
}

const stableMs = 60_000;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * `syrx-agent run`: runs the agent's build that `current` names (else the package's own) as its child process, and
 * starts it again when it ends: at once when it asks to (restartExitCode, after switching `current` to a new build),
 * else after a delay. A new build is on probation: it must answer the health check `healthy` (connected to the server
 * and configured) within the time-out, or it is stopped, recorded in `failed.json` and `current` goes back to the build
 * before it — the rules of a service's rollout (RolloutController), with the agent as the service.
 */
export class AgentSupervisor {
  private readonly log: Logger;
  private child: ServiceProcess | null = null;

  constructor(private readonly o: AgentSupervisorOptions) {
    this.log = subLogger(o.logger, 'Supervisor');
  }

  /** Runs until `signal` aborts, then stops the agent. */
  async run(signal: AbortSignal): Promise<void> {
    const minMs = this.o.restartMinMs ?? 1000;
    let delay = minMs;
    // Stopping the agent ends the wait for its exit below.
    const onAbort = () => void this.child?.stop();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal.aborted) {
        const { pkg, pending } = await this.choose();
        const child = this.start(pkg);
        if (pending) {
          try {
            await child.waitHealthy(this.o.healthTimeoutMs, signal);
            await this.accept(pending);
          } catch (err) {
            if (signal.aborted) break;
            await child.stop();
            await this.rollBack(pending, messageOf(err));
            continue;
          }
        }
        const exit = await new Promise<{ code: number | null }>((done) => child.onExit(done));
        if (signal.aborted) break;
        if (exit.code === restartExitCode) {
          delay = minMs;
          continue;
        }
        if (Date.now() - child.startedAt.getTime() > stableMs) delay = minMs;
        this.log.error({ version: pkg.version }, `the agent ${pkg.version} ended unexpectedly (${child.exitReason()}); starting it again in ${delay / 1000} s`);
        await sleep(delay, undefined, { signal }).catch(() => undefined);
        delay = Math.min(delay * 2, this.o.restartMaxMs ?? 60_000);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await this.child?.stop();
    }
  }

  /** The build to start: `current` (on probation while pending), the base build without one; gives up a crash-looping one. */
  private async choose(): Promise<{ pkg: InstalledPackage; pending: PendingBuild | null }> {
    const { builds, base } = this.o;
    const current = await builds.installer.pointer(agentServiceId, 'current');
    let pending = await builds.pending();
    if (pending && pending.version !== current) {
      // Left by a hand-over that did not get as far as the switch.
      await builds.setPending(null);
      pending = null;
    }
    if (current === null) return { pkg: base, pending: null };
    const pkg = await builds.installer.installed(agentServiceId, current, pending?.sha256);
    if (!pkg) {
      this.log.error({ version: current }, `the agent ${current} that current names is not installed; running ${base.version}`);
      if (pending) await this.rollBack(pending, 'its files are missing');
      else await builds.installer.switchTo(agentServiceId, null, null);
      return this.choose();
    }
    if (!pending) return { pkg, pending: null };
    const maxStarts = this.o.maxStarts ?? 3;
    if (pending.starts >= maxStarts) {
      await this.rollBack(pending, `it was started ${pending.starts} times without reporting healthy`);
      return this.choose();
    }
    pending = { ...pending, starts: pending.starts + 1 };
    await builds.setPending(pending);
    this.log.info({ version: pkg.version, previous: pending.previous ?? base.version, start: pending.starts }, `starting the agent ${pkg.version}`);
    return { pkg, pending };
  }

  private start(pkg: InstalledPackage): ServiceProcess {
    const build = pkg === this.o.base ? baseBuild : pkg.version;
    this.child = new ServiceProcess({
      pkg,
      dataDir: this.o.builds.dir,
      logger: this.log,
      agent: { args: ['agent', ...this.o.args, '--agent-build', build], env: this.o.env, ...(pkg === this.o.base ? { execArgv: process.execArgv } : {}) },
      ...(this.o.stopGraceMs !== undefined ? { stopGraceMs: this.o.stopGraceMs } : {}),
    });
    return this.child;
  }

  private async accept(p: PendingBuild): Promise<void> {
    const { builds } = this.o;
    // The mark is cleared only while it still names this build, and a build handed over to since is kept.
    const now = await builds.pending();
    if (now?.version === p.version) await builds.setPending(null);
    const keep = [p.version, p.previous, now?.version, await builds.installer.pointer(agentServiceId, 'current')];
    await builds.installer.prune(agentServiceId, keep.filter((v): v is string => typeof v === 'string'));
    this.log.info({ version: p.version }, `the agent ${p.version} is running and healthy`);
  }

  /** Records the failure (the agent's resolver then skips that package), switches back and leaves a report for the agent. */
  private async rollBack(p: PendingBuild, reason: string): Promise<void> {
    const { builds, base } = this.o;
    const back = p.previous ?? base.version;
    const at = new Date().toISOString();
    await builds.installer.markFailed(agentServiceId, { version: p.version, sha256: p.sha256, reason, at });
    await builds.installer.switchTo(agentServiceId, p.previous, null);
    await builds.setPending(null);
    await builds.report({ version: p.version, reason, rolled_back_to: back, at });
    this.log.error({ version: p.version, reason, rolled_back_to: back }, `the agent ${p.version} did not become healthy: ${reason}; rolled back to ${back}`);
  }
}
