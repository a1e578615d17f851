import { CoalescingBatcher } from './coalescing-batcher.ts';

/** A read by key that many callers share: see batchedRead. */
export interface BatchedRead<R> {
  get(key: string): Promise<R>;
  /** Reads what is asked already; later calls are refused (the server is closing). */
  close(): Promise<void>;
}

/**
 * One statement for many callers: the keys asked within `delayMs` (up to 500, three reads at once) are read together by
 * `read`, which answers a value for each of them (a key it leaves out fails its callers). Issue 26: a fleet that
 * reconnects after a restart asks for thousands of controllers' secrets and configurations within seconds, and a
 * statement per agent queued behind one another on the pool for minutes. The same batcher as the heartbeats'
 * (lib/coalescing-batcher.ts), so an answer is never older than its question: a key asked while its read is in flight
 * is read again after it.
 */
export function batchedRead<R>(kind: string, read: (keys: string[]) => Promise<Map<string, R>>, delayMs = 10): BatchedRead<R> {
  const batcher = new CoalescingBatcher<null, R>((batch) => read([...batch.keys()]), delayMs, 500, 3, kind);
  return { get: (key) => batcher.add(key, null), close: () => batcher.close() };
}

/** The items by a key of each, in their order (each as `valueOf` makes it). */
export function groupedBy<T, V = T>(items: readonly T[], keyOf: (item: T) => string, valueOf: (item: T) => V = (item) => item as unknown as V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return groups;
}
