/**
 * Summarises a V8 heap snapshot (as `npm run bench:fleet -- --heap-snapshot` writes them): the live objects grouped by
 * constructor (or type), by self size, with their count per agent when told how many agents the process held.
 * Run: npx tsx bench/fleet/heap-summary.ts <file.heapsnapshot> [agents] [rows]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const [file, agentsArg = '0', rowsArg = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-summary.ts <file.heapsnapshot> [agents] [rows]');
const agents = Number(agentsArg);
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const width = fields.length;
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];

const groups = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + typeAt] ?? 0] ?? '?';
  const name = snap.strings[snap.nodes[i + nameAt] ?? 0] ?? '?';
  const size = snap.nodes[i + sizeAt] ?? 0;
  // Objects and closures by constructor / function name; strings, code and the rest by their type alone.
  const key = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'array' ? `${type}: ${name.slice(0, 60)}` : `(${type})`;
  const g = groups.get(key) ?? { count: 0, bytes: 0 };
  g.count++;
  g.bytes += size;
  groups.set(key, g);
  total += size;
}

const rows = [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, Number(rowsArg));
console.log(`${file}: ${(total / 1048576).toFixed(1)} MB live in ${(snap.nodes.length / width).toLocaleString('en-US')} objects${agents > 0 ? `; ${((total / agents) / 1024).toFixed(1)} KB per agent over ${agents} agents` : ''}`);
for (const [key, g] of rows) {
  const perAgent = agents > 0 ? `  ${(g.count / agents).toFixed(1).padStart(7)}/agent  ${(g.bytes / agents).toFixed(0).padStart(7)} B/agent` : '';
  console.log(`${(g.bytes / 1048576).toFixed(1).padStart(8)} MB ${g.count.toLocaleString('en-US').padStart(11)}${perAgent}  ${key}`);
}
