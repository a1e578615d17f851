import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RequestManager } from '@bacnet-js/client/dist/lib/request-manager.js';
import { RequestTable } from './request-table.ts';

type Table = { add(id: number): Promise<unknown>; resolve(id: number, err: Error | null, result?: unknown): boolean };

/** An invoke ID answered at once and used again within the timeout; what becomes of the second request. */
async function reuse(table: Table, timeoutMs: number): Promise<string> {
  const first = table.add(7);
  table.resolve(7, null, 'first answer');
  await first;
  const second = table.add(7).then((r) => `answered: ${String(r)}`, (e: Error) => `failed: ${e.message}`);
  // The first request's expiry passes; then the second's answer comes.
  await sleep(timeoutMs * 0.6);
  await sleep(timeoutMs * 0.6);
  table.resolve(7, null, 'second answer');
  return Promise.race([second, sleep(timeoutMs * 3).then(() => 'never settled')]);
}

describe('RequestTable (in place of the BACnet library\'s request table)', () => {
  it('settles a request whose invoke ID came round again before the previous one\'s timeout would have passed', async () => {
    expect(await reuse(new RequestTable(100), 100)).toMatch(/^(answered: second answer|failed: ERR_TIMEOUT)$/);
  });

  it('documents why: the library\'s own table (3.3.2) loses that request', async () => {
    // If this starts to pass with "answered" or "failed", the library is fixed and request-table.ts can go.
    expect(await reuse(new RequestManager(100), 100)).toBe('never settled');
  });

  it('times out a request nobody answers, answers one that is answered, and drops a late answer', async () => {
    const table = new RequestTable(50);
    const silent = table.add(1);
    await expect(silent).rejects.toThrow('ERR_TIMEOUT');
    expect(table.resolve(1, null, 'late')).toBe(false);
    const answered = table.add(2);
    expect(table.resolve(2, null, 'ok')).toBe(true);
    await expect(answered).resolves.toBe('ok');
    const refused = table.add(3);
    table.resolve(3, new Error('BacnetError - Class:2 - Code:31'));
    await expect(refused).rejects.toThrow('Class:2');
    expect(table.size).toBe(0);
  });

  it('fails every waiting request when the client closes', async () => {
    const table = new RequestTable(10_000);
    const a = table.add(1);
    const b = table.add(2);
    table.clear(true);
    await expect(a).rejects.toThrow('ERR_TIMEOUT');
    await expect(b).rejects.toThrow('ERR_TIMEOUT');
  });
});
