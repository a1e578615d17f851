/**
 * At most `limit` pieces of work at once, at most `maxQueued` waiting; beyond that the work is refused at once
 * ('busy') rather than queued without bound. For agents' uploads: thousands of agents must not queue thousands of
 * writes for the database pool (an agent told 'busy' keeps its buffer and sends it again later), and the pool keeps
 * connections for the browsers' requests.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T | 'busy'> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxQueued) return 'busy';
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
