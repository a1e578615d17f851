import { afterAll, beforeAll } from 'vitest';
import { loadSite } from '../site-loader.ts';
import { type RunningSite, type StartSiteOptions, startSite } from '../site-runner.ts';
import { openClient, type TestClient } from './test-client.ts';

/**
 * The demo building on the file's loopback range (`baseAddress`, a.b.c.0) and a client at a.b.c.250, started before
 * the file's tests and stopped after them; call it at the top level and read the fields inside the tests.
 */
export function demoSiteForFile(options: StartSiteOptions & { baseAddress: string }): { readonly site: RunningSite; readonly client: TestClient } {
  const file = {} as { site: RunningSite; client: TestClient };
  beforeAll(async () => {
    file.site = await startSite(await loadSite(), options);
    file.client = await openClient(options.baseAddress.replace(/\.0$/, '.250'));
  });
  afterAll(async () => {
    file.client.close();
    await file.site.stop();
  });
  return file;
}
