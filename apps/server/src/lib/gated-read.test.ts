import { describe, expect, it } from 'vitest';
import { type Gate, gatedCount, gatedRead, gatedRows } from './gated-read.ts';

/** A gate that counts how often it is asked alone. */
function gate(open: boolean) {
  const g = { asked: 0, isOpen: async () => { g.asked++; return open; }, closed: () => new Error('not found') };
  return g satisfies Gate & { asked: number };
}
const empty = (rows: string[]) => rows.length === 0;

describe('gatedRead', () => {
  it('answers rows without asking the gate alone (the statement carried it)', async () => {
    const g = gate(true);
    await expect(gatedRead(g, async () => ['a', 'b'], empty)).resolves.toEqual(['a', 'b']);
    expect(g.asked).toBe(0);
  });

  it('asks the gate when the answer says nothing: open gives the empty answer, closed its 404', async () => {
    const open = gate(true);
    await expect(gatedRead(open, async () => [], empty)).resolves.toEqual([]);
    expect(open.asked).toBe(1);
    const closed = gate(false);
    await expect(gatedRead(closed, async () => [], empty)).rejects.toThrow('not found');
  });

  it("gives a closed gate's 404 before the read's own error, and the read's error when the gate is open", async () => {
    await expect(gatedRead(gate(false), () => Promise.reject(new Error('bad filter')), empty)).rejects.toThrow('not found');
    await expect(gatedRead(gate(true), () => Promise.reject(new Error('bad filter')), empty)).rejects.toThrow('bad filter');
  });

  it('treats a read that throws before it returns a promise (a query refused while it is built) the same way', async () => {
    await expect(gatedRead(gate(false), () => { throw new Error('bad filter'); }, empty)).rejects.toThrow('not found');
    await expect(gatedRead(gate(true), () => { throw new Error('bad filter'); }, empty)).rejects.toThrow('bad filter');
  });

  it('asks the gate for an empty page or a count of 0, never for rows or a count above 0', async () => {
    const g = gate(false);
    await expect(gatedRows(g, async () => ['a'])).resolves.toEqual(['a']);
    await expect(gatedCount(g, async () => 2)).resolves.toBe(2);
    expect(g.asked).toBe(0);
    await expect(gatedRows(g, async () => [])).rejects.toThrow('not found');
    await expect(gatedCount(g, async () => 0)).rejects.toThrow('not found');
    expect(g.asked).toBe(2);
  });
});
