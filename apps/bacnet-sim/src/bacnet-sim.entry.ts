/**
 * `@syrx/bacnet-sim`: site files, for whoever places a simulated building (the launcher's demo building, tests,
 * benchmarks): the demo building's file, loading and checking a site, moving it to another loopback range.
 * Running one in-process is `@syrx/bacnet-sim/testing`; as a program, `@syrx/bacnet-sim/main`.
 */
export { ipToNumber, numberToIp, rebaseSite } from './site-address.ts';
export { demoSitePath, loadSite, parseSite, SiteFileError } from './site-loader.ts';
export type { Site, SiteInput } from './site.schema.ts';
