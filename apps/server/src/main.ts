import { runServer } from './server.ts';

// The server alone, as production runs it. `npm start` runs it through the launcher (apps/launcher), which adds the
// demo building beside it when DEMO is on.
await runServer();
