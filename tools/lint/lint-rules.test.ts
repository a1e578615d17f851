import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Proves that the lint rules of eslint.config.js fire where they should and only there. Each fixture in fixtures/
 * (excluded from the normal lint run and from tsc) is linted with the real configuration as if it were the file at
 * `as`; every line that plants a violation ends in `// expect <rule id>: <part of the message>`. The rules named
 * by a fixture's markers, and every syrx/* and boundaries/* rule, must report exactly the marked lines. The boundaries
 * rules (eslint-plugin-boundaries) resolve imports on disk, so their fixtures import files that exist.
 *
 * A new rule: add a fixture with its planted lines (and lines it must let pass) and one line to `cases`.
 */
const cases: { fixture: string; as: string; proves: string }[] = [
  { fixture: 'web-feature-imports-feature.tsx', as: 'apps/web/src/features/alpha/components/planted.tsx', proves: 'web features do not import each other, at any depth' },
  { fixture: 'server-module-imports-module.ts', as: 'apps/server/src/modules/alpha/sub/planted.ts', proves: 'a server module imports another only through its *.service.ts (from a subfolder)' },
  { fixture: 'server-module-imports-module-shallow.ts', as: 'apps/server/src/modules/alpha/planted.ts', proves: 'a server module imports another only through its *.service.ts' },
  { fixture: 'server-product-imports-packages.ts', as: 'apps/server/src/modules/alpha/planted.ts', proves: 'the server imports neither the agent nor the simulator, nor any path into a package' },
  { fixture: 'server-test-imports-packages.ts', as: 'apps/server/src/modules/alpha/planted.int.test.ts', proves: "server tests use the agent's and the simulator's testing entries" },
  { fixture: 'contracts-imports-apps.ts', as: 'packages/contracts/src/planted.ts', proves: 'contracts import nothing of the apps' },
  { fixture: 'bench-imports-packages.ts', as: 'bench/planted.ts', proves: 'benchmarks import through named entries' },
  { fixture: 'launcher-imports-apps.ts', as: 'apps/launcher/src/planted.ts', proves: 'the launcher imports the server, the agent and the simulator by entry, no other app' },
  { fixture: 'simulator-imports-packages.ts', as: 'apps/bacnet-sim/src/planted.ts', proves: 'an undeclared package and an app edge not listed are refused' },
  { fixture: 'server-floor-imports-up.ts', as: 'apps/server/src/security/planted.ts', proves: 'lib, db, security, plugins and config import nothing of the modules or the app' },
  { fixture: 'server-module-imports-app.ts', as: 'apps/server/src/modules/alpha/planted.ts', proves: 'a module imports nothing of the app (app.ts passes it what it names)' },
  { fixture: 'server-module-process-entry.ts', as: 'apps/server/src/modules/alpha/planted-process.ts', proves: "a module's process entry (the job worker's) may build the app" },
  { fixture: 'server-floor-test-imports-app.ts', as: 'apps/server/src/security/planted.int.test.ts', proves: "a lower floor's tests may drive the composed app" },
  { fixture: 'server-repo-outside-module.ts', as: 'apps/server/src/demo/planted.ts', proves: 'a repository is imported only from its own module' },
  { fixture: 'server-repo-own-module.ts', as: 'apps/server/src/modules/data-moves/testing/planted.ts', proves: "a module's own files (fixtures included) use its repositories, another module's stay out" },
  { fixture: 'server-testing-entry.ts', as: 'apps/server/src/testing.entry.ts', proves: 'the testing entry may re-export a repository piece for the benchmarks' },
  { fixture: 'server-repo-imports-service.ts', as: 'apps/server/src/modules/users/planted.repo.ts', proves: 'a repository imports no service, of its module or another' },
];

const repoRoot = path.resolve(import.meta.dirname, '../..');
// The real configuration without type information: the fixtures' imports point at files that do not exist, and the
// rules under test read paths, not types.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: [tseslint.configs.disableTypeChecked] });

interface Expected { line: number; ruleId: string; text: string }

function markers(source: string): Expected[] {
  return source.split('\n').flatMap((text, i) => {
    const m = /\/\/ expect (\S+?): (.+)$/.exec(text);
    return m ? [{ line: i + 1, ruleId: m[1] as string, text: (m[2] as string).trim() }] : [];
  });
}

describe('lint rules', () => {
  it.each(cases)('$fixture: $proves', async ({ fixture, as }) => {
    const source = readFileSync(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8');
    const expected = markers(source);
    const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, as) });
    const messages = result?.messages ?? [];
    expect(messages.filter((m) => m.fatal === true || m.ruleId === null)).toEqual([]);
    const checked = new Set([...expected.map((e) => e.ruleId)]);
    const reported = messages
      .filter((m) => m.ruleId !== null && (checked.has(m.ruleId) || m.ruleId.startsWith('syrx/') || m.ruleId.startsWith('boundaries/')))
      .map((m) => ({ line: m.line, ruleId: m.ruleId, message: m.message }));
    expect(reported.map(({ line, ruleId }) => ({ line, ruleId }))).toEqual(expected.map(({ line, ruleId }) => ({ line, ruleId })));
    for (const e of expected) expect(reported.find((r) => r.line === e.line)?.message).toContain(e.text);
  });

  it('lints nothing in fixtures/ in the normal run', async () => {
    expect(await eslint.isPathIgnored(path.join(import.meta.dirname, 'fixtures', cases[0]?.fixture ?? ''))).toBe(true);
  });
});
