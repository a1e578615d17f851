import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nulPath, withoutNul } from './nul-characters.ts';

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

describe('withoutNul', () => {
  it('takes U+0000 out of every string and key, however deep, and keeps everything else', () => {
    const payload = { name: 'AHU-1\u0000\u0000', points: [{ 'desc\u0000': 'a\u0000b', units: 62 }, 'x\u0000', null, 3.5], ok: true };
    expect(withoutNul(payload)).toEqual({ name: 'AHU-1', points: [{ desc: 'ab', units: 62 }, 'x', null, 3.5], ok: true });
    expect(withoutNul('\u0000')).toBe('');
    expect(withoutNul(null)).toBeNull();
  });

  it('answers the same value it was given, cleaned in place, and leaves bytes alone', () => {
    const records = { records: [[1, 2, 3], [4, 5, 6, 1]] };
    expect(withoutNul(records)).toBe(records);
    expect(records).toEqual({ records: [[1, 2, 3], [4, 5, 6, 1]] });
    const bytes = Buffer.from([0, 1, 0]);
    expect(withoutNul({ bytes })).toEqual({ bytes: Buffer.from([0, 1, 0]) });
    // A key that becomes "__proto__" is an own property, as JSON.parse would make it, not the object's prototype.
    const tricky = withoutNul(JSON.parse('{"__proto__\\u0000": {"records": [1]}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(tricky)).toBe(Object.prototype);
    expect(Object.keys(tricky)).toEqual(['__proto__']);
  });

  it('leaves no U+0000 anywhere, and changes nothing in a value that had none', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const before = JSON.stringify(v);
      const after = withoutNul(structuredClone(v));
      expect(nulPath(after)).toBeNull();
      expect(JSON.stringify(after).replaceAll('\\', '').includes('\u0000')).toBe(false);
      if (!before.replaceAll('\\', '').includes('\u0000')) expect(JSON.stringify(after)).toBe(before);
    }));
  });
});
