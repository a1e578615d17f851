import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './node-flags.ts';

describe('serverNodeFlags', () => {
  it("are in npm start's command line too", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
    for (const flag of serverNodeFlags) expect(pkg.scripts.start.split(' ')).toContain(flag);
  });
});
