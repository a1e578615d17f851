import { demoSitePath } from '@syrx/bacnet-sim';
import { runServer } from '@syrx/server';
import { startDemoBuilding } from './demo/demo-building.ts';

// The product on one machine (`npm start`): the server, and with DEMO on the demo building beside it (the simulated
// building and the demo controller's agent, each a child process).
await runServer({
  beside: async ({ config, db, log, localUrl }) =>
    config.demo
      ? startDemoBuilding({
        db, dataDir: config.dataDir, sitePath: config.demoSitePath ?? demoSitePath, baseAddress: config.demoBaseAddress, discover: config.demoDiscover,
        serverUrl: config.demoServerUrl ?? localUrl, log,
      })
      : null,
});
