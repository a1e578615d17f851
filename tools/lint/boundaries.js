/**
 * Lint rules for the boundaries between packages and between the areas inside one (docs/architecture.md,
 * docs/decisions.md "Packages and their entries"). They look at where an import lands, not at how its text is spelt,
 * so `../../devices/api/devices` is caught as surely as `../devices/api/devices`.
 *
 * - `package-boundaries`: an import of another workspace goes through its package name and one of the entries its
 *   package.json exports, never by a relative path; the importing workspace declares the package (a devDependency
 *   only for its test files); an app imports another app only along an edge listed in the rule's options.
 * - `area-boundaries`: a file in one area (a web feature, a server module) does not import another area's files,
 *   except those the options let through (a server module's *.service.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const toPosix = (p) => p.split(path.sep).join('/');
/** A path relative to the repository, with forward slashes. */
const repoPath = (abs) => toPosix(path.relative(repoRoot, abs));

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

let cache = null;
/** The workspaces of the root package.json (dir repo-relative, name, exports, dependencies, devDependencies), and the root. */
function workspaces() {
  if (cache) return cache;
  const describe = (dir, pkg) => ({ dir, name: pkg.name, exports: pkg.exports, dependencies: pkg.dependencies ?? {}, devDependencies: pkg.devDependencies ?? {} });
  const root = readJson(path.join(repoRoot, 'package.json'));
  const list = (root.workspaces ?? []).flatMap((dir) => {
    const file = path.join(repoRoot, dir, 'package.json');
    return existsSync(file) ? [describe(toPosix(dir).replace(/\/$/, ''), readJson(file))] : [];
  });
  cache = { list, root: describe('.', { ...root, exports: undefined }) };
  return cache;
}

/** The workspace a repo-relative path lies in (the deepest one), or the root. */
function workspaceOf(rel) {
  let best = null;
  for (const w of workspaces().list) if ((rel === w.dir || rel.startsWith(`${w.dir}/`)) && (!best || w.dir.length > best.dir.length)) best = w;
  return best ?? workspaces().root;
}

/** The subpaths a package.json `exports` names ('.', './main', './sites/*'). */
function entryKeys(exportsField) {
  if (exportsField === undefined) return null;
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return ['.'];
  const keys = Object.keys(exportsField);
  return keys.every((k) => k.startsWith('.')) ? keys : ['.'];
}

function isEntry(keys, subpath) {
  return keys.some((k) => {
    const star = k.indexOf('*');
    if (star < 0) return k === subpath;
    const [before, after] = [k.slice(0, star), k.slice(star + 1)];
    return subpath.length > before.length + after.length && subpath.startsWith(before) && subpath.endsWith(after);
  });
}

/** Every module specifier in a file, with the node to report at: imports, re-exports, import(), import.meta.resolve(), require.resolve(). */
function specifierVisitors(check) {
  const literal = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node : null);
  const fromSource = (node) => {
    const s = literal(node.source);
    if (s) check(s.value, s);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      const s = literal(node.source);
      if (s) check(s.value, s);
    },
    TSImportType(node) {
      const arg = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
      const s = literal(arg);
      if (s) check(s.value, s);
    },
    TSExternalModuleReference(node) {
      const s = literal(node.expression);
      if (s) check(s.value, s);
    },
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'resolve') return;
      const s = literal(node.arguments[0]);
      if (!s) return;
      const onImportMeta = callee.object.type === 'MetaProperty' && callee.object.meta.name === 'import' && callee.object.property.name === 'meta';
      // require.resolve / createRequire(…).resolve: only package names, so path.resolve('..') is never mistaken for one.
      if (onImportMeta || s.value.startsWith('@syrx/')) check(s.value, s);
    },
  };
}

const packageBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another workspace only by its package name, through a named entry, where it is declared; apps import apps only along allowed edges.' },
    schema: [
      {
        type: 'object',
        properties: {
          /** Package name → the app packages it may import (every other app-to-app import is refused). */
          appEdges: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          /** Regular expressions over repo-relative paths: the files that may import devDependencies. */
          testFiles: { type: 'array', items: { type: 'string' } },
          /** The package-name scope the rule polices. */
          scope: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      intoPackage: "'{{specifier}}' reaches into {{target}} of another package ({{package}}); import it by name through one of its entries: {{entries}}.",
      notAnEntry: "{{package}} has no entry '{{subpath}}'; its entries are {{entries}} (add one to its package.json exports if it should be public).",
      undeclared: '{{package}} is not declared in {{workspace}}/package.json; add it to dependencies (or devDependencies when only tests use it).',
      devOnly: '{{package}} is a devDependency of {{workspace}}: only its test files may import it.',
      appImportsApp: "Apps do not import apps: {{from}} → {{package}} is not an allowed edge (eslint.config.js, syrx/package-boundaries' appEdges).",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const scope = options.scope ?? '@syrx/';
    const appEdges = options.appEdges ?? {};
    const testFiles = (options.testFiles ?? []).map((re) => new RegExp(re));
    const filename = context.filename;
    if (!path.isAbsolute(filename)) return {};
    const fileRel = repoPath(filename);
    if (fileRel.startsWith('..')) return {};
    const own = workspaceOf(fileRel);
    const isTest = testFiles.some((re) => re.test(fileRel));
    const isApp = (w) => w.dir.startsWith('apps/');
    const entriesText = (w) => {
      const keys = entryKeys(w.exports) ?? [];
      if (keys.length === 0 || keys.length > 8) return `the exports of ${w.dir}/package.json`;
      return keys.map((k) => (k === '.' ? w.name : `${w.name}/${k.slice(2)}`)).join(', ');
    };

    return specifierVisitors((specifier, node) => {
      if (specifier.startsWith('.')) {
        const targetRel = repoPath(path.resolve(path.dirname(filename), specifier));
        const target = workspaceOf(targetRel);
        if (target.dir === own.dir || targetRel.startsWith('..')) return;
        context.report({ node, messageId: 'intoPackage', data: { specifier, target: targetRel, package: target.name, entries: entriesText(target) } });
        return;
      }
      if (!specifier.startsWith(scope)) return;
      const name = specifier.split('/').slice(0, 2).join('/');
      const target = workspaces().list.find((w) => w.name === name);
      if (!target) return;
      const subpath = specifier === name ? '.' : `.${specifier.slice(name.length)}`;
      if (target.dir === own.dir) return;
      if (isApp(own) && isApp(target) && !(appEdges[own.name] ?? []).includes(name)) {
        context.report({ node, messageId: 'appImportsApp', data: { from: own.name, package: name } });
        return;
      }
      const keys = entryKeys(target.exports);
      if (keys && !isEntry(keys, subpath)) {
        context.report({ node, messageId: 'notAnEntry', data: { package: name, subpath, entries: entriesText(target) } });
        return;
      }
      if (name in own.dependencies) return;
      if (name in own.devDependencies) {
        if (!isTest) context.report({ node, messageId: 'devOnly', data: { package: name, workspace: own.dir } });
        return;
      }
      context.report({ node, messageId: 'undeclared', data: { package: name, workspace: own.dir } });
    });
  },
};

const areaBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A file of one area (a web feature, a server module) imports no other area’s files, except those let through.' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The folder whose subfolders are the areas, repo-relative (apps/web/src/features). */
          areas: { type: 'string' },
          /** A regular expression over the imported file's name: what another area may be imported through. */
          through: { type: 'string' },
          /** What to tell the author. */
          message: { type: 'string' },
        },
        required: ['areas', 'message'],
        additionalProperties: false,
      },
    ],
    messages: { crossArea: "'{{specifier}}' is {{to}}'s, not {{from}}'s: {{message}}" },
  },
  create(context) {
    const { areas, through, message } = context.options[0];
    const throughRe = through ? new RegExp(through) : null;
    const filename = context.filename;
    if (!path.isAbsolute(filename)) return {};
    const areaOf = (rel) => (rel.startsWith(`${areas}/`) ? rel.slice(areas.length + 1).split('/') : null);
    const from = areaOf(repoPath(filename));
    // A file directly in the areas folder (routes composing features) belongs to no area.
    if (!from || from.length < 2) return {};
    return specifierVisitors((specifier, node) => {
      if (!specifier.startsWith('.')) return;
      const to = areaOf(repoPath(path.resolve(path.dirname(filename), specifier)));
      if (!to || to[0] === from[0]) return;
      if (throughRe && throughRe.test(to[to.length - 1])) return;
      context.report({ node, messageId: 'crossArea', data: { specifier, from: from[0], to: to[0], message } });
    });
  },
};

export default {
  meta: { name: 'syrx' },
  rules: { 'package-boundaries': packageBoundaries, 'area-boundaries': areaBoundaries },
};
