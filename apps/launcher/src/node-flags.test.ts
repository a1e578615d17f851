import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '@syrx/server/node-flags';

describe('the launcher', () => {
  it("runs the server with its node flags (npm start's command line)", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
    for (const flag of serverNodeFlags) expect(pkg.scripts.start.split(' ')).toContain(flag);
  });
});
