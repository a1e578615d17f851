import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nulPath } from './input-guards.ts';

describe('nulPath', () => {
  it('names the field holding a NUL character, however deep', () => {
    expect(nulPath({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toBe('b[0].c');
    expect(nulPath('\u0000')).toBe('(value)');
    expect(nulPath({ a: 1, b: null, c: ['fine'] })).toBeNull();
  });

  it('finds one exactly when a string somewhere holds U+0000', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      // JSON escapes U+0000 as \u0000; drop escaped backslashes first so a literal "\u0000" text does not count.
      expect(nulPath(v) !== null).toBe(JSON.stringify(v).replaceAll('\\\\', '').includes('\\u0000'));
    }));
  });

  it('leaves raw bodies (packages, CSV files) to their routes: bytes, not fields', () => {
    expect(nulPath(Buffer.from([0, 1, 0]))).toBeNull();
    expect(nulPath({ file: new Uint8Array([0]) })).toBeNull();
  });
});
