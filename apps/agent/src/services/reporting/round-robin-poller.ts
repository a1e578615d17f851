/**
 * Polls devices in turn, one at a time, evenly spread: with n devices to poll every interval, one device every
 * interval / n, so each device is read once per interval at its own offset and nobody gets a burst. The list of
 * devices is asked for at every turn (devices come and go as points move between COV and polling); a device
 * whose previous poll is still running is skipped for that turn.
 */
export class RoundRobinPoller {
  private timer: NodeJS.Timeout | undefined;
  private cursor = 0;
  private readonly busy = new Set<string>();
  private running = false;

  constructor(
    private readonly o: {
      /** The devices (keys) that have points to poll now, in a stable order. */
      devices: () => readonly string[];
      /** Reads one device's polled points; its failures are its own to log. */
      poll: (deviceKey: string) => Promise<void>;
      intervalMs: number;
    },
  ) {}

  /** A new interval applies from the next turn. */
  setInterval(ms: number): void {
    this.o.intervalMs = ms;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (!this.running) return;
    const count = this.o.devices().length;
    this.timer = setTimeout(() => this.turn(), this.o.intervalMs / Math.max(1, count));
  }

  private turn(): void {
    const devices = this.o.devices();
    if (devices.length > 0) {
      const key = devices[this.cursor % devices.length] as string;
      this.cursor = (this.cursor + 1) % devices.length;
      if (!this.busy.has(key)) {
        this.busy.add(key);
        void this.o.poll(key).finally(() => this.busy.delete(key));
      }
    }
    this.schedule();
  }
}
