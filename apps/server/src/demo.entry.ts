/**
 * `@syrx/server/demo`: the demo's data in the server's database, for the launcher's demo building (apps/launcher): the
 * demo controller with its agent's credentials, and the vendor and PCS points with their records. The demo
 * organizations themselves are seeded by bootstrap when DEMO is on.
 */
export { demoControllerName, type DemoCredentials, type DemoNetwork, ensureDemoController } from './demo/demo-controller.ts';
export { seedDemoPointSources } from './modules/data-moves/demo-point-sources.ts';
