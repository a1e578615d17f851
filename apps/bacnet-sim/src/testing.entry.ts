/**
 * `@syrx/bacnet-sim/testing`: a simulated building in the caller's own process, for tests and benchmarks that talk
 * real UDP to it (the agent's tests, the server's agent-backed tests, bench/). Production runs the simulator as a
 * program (`@syrx/bacnet-sim/main`).
 */
export { type RunningSite, type SimulatedDevice, startSite, type StartSiteOptions } from './site-runner.ts';
