import { describe, expect, it } from 'vitest';
import { readBesideCheck } from './read-beside-check.ts';

const later = <T>(ms: number, fn: () => T) => new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => fn());

describe('readBesideCheck', () => {
  it('starts the read before the check has settled, and answers it when the check passes', async () => {
    const events: string[] = [];
    const check = later(20, () => events.push('check settled'));
    const answer = await readBesideCheck(check, async () => {
      events.push('read started');
      return later(5, () => 'rows');
    });
    expect(answer).toBe('rows');
    expect(events).toEqual(['read started', 'check settled']);
  });

  it("gives the check's error, never the read's answer, when the check fails", async () => {
    let read = false;
    const check = later(10, () => { throw new Error('not found'); });
    await expect(readBesideCheck(check, async () => { read = true; return 'secret rows'; })).rejects.toThrow('not found');
    expect(read).toBe(true);
  });

  it("gives the check's error before the read's own error, whichever settles first", async () => {
    const check = later(20, () => { throw new Error('not found'); });
    await expect(readBesideCheck(check, () => Promise.reject(new Error('bad filter')))).rejects.toThrow('not found');
  });

  it("gives the read's error when the check passes", async () => {
    await expect(readBesideCheck(Promise.resolve(), () => Promise.reject(new Error('bad filter')))).rejects.toThrow('bad filter');
  });

  it('turns a read that throws before it returns a promise into a rejection, with the failing check handled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const check = later(5, () => { throw new Error('not found'); });
      await expect(readBesideCheck(check, () => { throw new Error('thrown at once'); })).rejects.toThrow('not found');
      await later(20, () => undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
