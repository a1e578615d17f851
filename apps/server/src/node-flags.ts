/**
 * The node flags the server process runs with, wherever it is started: `npm start` (the start scripts of
 * apps/launcher/package.json and apps/server/package.json repeat them; each package's node-flags.test.ts keeps its
 * script in step), `npm run start:cluster`, the benchmarks and the browser tests' server.
 *
 * `--max-semi-space-size=64` (MB): a young generation four times V8's default. A list page allocates about half a
 * megabyte (the database's rows, the checked copy, the JSON text), so at 200 requests a second the default young
 * generation was collected every 160 ms with 3–5 ms pauses and promoted enough to force a full collection every 3 s:
 * GC 1.8 % of the time, every pause a stall for each request waiting. With it: collections every 0.7 s of about 2 ms,
 * no full collection in a minute, GC 0.3 % (bench:api-load). The cost is memory that is there whether used or not:
 * bench:fleet at 10,000 agents measured 461 MB RSS, 1.48× bare Socket.IO per agent (targets < 600 MB, ≤ 2.5×).
 * A flag V8 reads only when the process starts, so it cannot be set from main.ts as `--heap-growing-percent` is.
 */
export const serverNodeFlags = ['--max-semi-space-size=64'] as const;
