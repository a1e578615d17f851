import { BacnetNetwork, defaultApduRetries, defaultApduTimeoutMs } from '../../bacnet/bacnet-network.ts';
import type { Logger } from '../../logger.ts';

/** Where the agent's BACnet/IP interface binds, and the BBMDs ("ip:port") it registers with as a foreign device. */
export interface InterfaceTarget {
  address: string;
  port: number;
  bbmds: readonly string[];
  /** This network's APDU timing (the server's BACnet connection); the interface's options otherwise. */
  apduTimeoutMs?: number | undefined;
  apduRetries?: number | undefined;
}

export interface BacnetInterfaceOptions {
  logger: Logger;
  broadcastAddress: string;
  /** APDU timing when the network's configuration does not give it (defaults 3000 ms, 3 retries). */
  apduTimeoutMs?: number | undefined;
  apduRetries?: number | undefined;
  /** How long after a failed bind it is tried again. */
  rebindMs?: number;
}

/** What the request handlers and the revision watcher need of the interface. */
export interface BacnetAccess {
  /** The open network, once bound and registered with its BBMDs; rejects when the interface is not open. */
  network(): Promise<BacnetNetwork>;
  bbmds(): readonly string[];
}

/**
 * The agent's one BACnet/IP interface: opened on the configured target, re-opened when the server's configuration
 * moves it, bound again every rebindMs while the address cannot be bound (the failure is logged clearly).
 */
export class BacnetInterface implements BacnetAccess {
  private current: { key: string; target: InterfaceTarget; net: BacnetNetwork; ready: Promise<void>; error?: string } | null = null;
  private status: 'active' | 'failed' | 'activating' = 'activating';
  private rebind: NodeJS.Timeout | undefined;

  constructor(private readonly opts: BacnetInterfaceOptions) {}

  state(): 'active' | 'failed' | 'activating' {
    return this.status;
  }

  /** The APDU timing of the open network (or the one it would have), for diagnostics. */
  apduTiming(): { apduTimeoutMs: number; apduRetries: number } {
    const t = this.current?.target;
    return {
      apduTimeoutMs: t?.apduTimeoutMs ?? this.opts.apduTimeoutMs ?? defaultApduTimeoutMs,
      apduRetries: t?.apduRetries ?? this.opts.apduRetries ?? defaultApduRetries,
    };
  }

  /** What the query service reports in its heartbeat's diagnostics: the APDU timing and what it cost. */
  diagnostics(): Record<string, number> {
    const { apduTimeoutMs, apduRetries } = this.apduTiming();
    const net = this.current?.net;
    return {
      apdu_timeout_ms: apduTimeoutMs,
      apdu_retries: apduRetries,
      requests_sent: net?.requestsSent ?? 0,
      retransmissions: net?.retransmissions ?? 0,
      skipped_for_silent_device: net?.skippedForSilentDevice ?? 0,
    };
  }

  open(target: InterfaceTarget): void {
    // A change of APDU timing opens the interface again: the client's timeout is fixed when it is made.
    const key = `${target.address}:${target.port}/${target.apduTimeoutMs ?? ''}/${target.apduRetries ?? ''}`;
    if (this.current?.key === key && !this.current.error) {
      this.changeBbmds(this.current, target.bbmds);
      return;
    }
    this.close();
    const { logger } = this.opts;
    const timing = { apduTimeoutMs: target.apduTimeoutMs ?? this.opts.apduTimeoutMs, apduRetries: target.apduRetries ?? this.opts.apduRetries };
    const net = new BacnetNetwork({ address: target.address, port: target.port, broadcastAddress: this.opts.broadcastAddress, ...timing, logger });
    const opened: NonNullable<typeof this.current> = { key, target, net, ready: Promise.resolve() };
    this.status = 'activating';
    opened.ready = net.ready().then(
      async () => {
        logger.info({ address: target.address, port: target.port }, 'BACnet interface bound');
        await this.register(net, target.bbmds);
        if (this.current === opened) this.status = 'active';
      },
      (err: unknown) => {
        opened.error = err instanceof Error ? err.message : String(err);
        net.close();
        if (this.current !== opened) return;
        this.status = 'failed';
        const rebindMs = this.opts.rebindMs ?? 30_000;
        logger.error({ address: target.address, port: target.port, err: opened.error, retryInMs: rebindMs }, `cannot bind the BACnet interface ${target.address}:${target.port}; BACnet requests fail until it can`);
        this.rebind = setTimeout(() => { this.current = null; this.open(target); }, rebindMs);
      },
    );
    this.current = opened;
  }

  /** Same interface, other BBMDs: registers with the new ones, lets the old registrations lapse. */
  private changeBbmds(opened: NonNullable<typeof this.current>, bbmds: readonly string[]): void {
    const before = opened.target.bbmds;
    if (before.join(',') === bbmds.join(',')) return;
    opened.target = { ...opened.target, bbmds };
    for (const bbmd of before) if (!bbmds.includes(bbmd)) opened.net.stopRegistration(bbmd);
    const added = bbmds.filter((bbmd) => !before.includes(bbmd));
    opened.ready = opened.ready.then(() => this.register(opened.net, added));
  }

  private async register(net: BacnetNetwork, bbmds: readonly string[]): Promise<void> {
    const { logger } = this.opts;
    await Promise.all(bbmds.map((bbmd) => net.registerForeignDevice(bbmd).then(
      () => logger.info({ bbmd }, 'registered as a foreign device'),
      (err: unknown) => logger.warn({ bbmd, err: String(err) }, 'foreign-device registration failed; discovery through this BBMD finds nothing until it succeeds'),
    )));
  }

  async network(): Promise<BacnetNetwork> {
    const opened = this.current;
    if (!opened) throw new Error('The BACnet interface is not open.');
    await opened.ready;
    if (opened.error !== undefined) throw new Error(`The BACnet interface ${opened.target.address}:${opened.target.port} could not be bound: ${opened.error}`);
    return opened.net;
  }

  bbmds(): readonly string[] {
    return this.current?.target.bbmds ?? [];
  }

  close(): void {
    clearTimeout(this.rebind);
    this.current?.net.close();
    this.current = null;
  }
}
