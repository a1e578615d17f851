import { z } from 'zod';

/** GET /api/v2/client-config: what the SPA needs to know about its deployment. */
export const clientConfigSchema = z.object({
  /** Base URL of the legacy hash-routed application; empty when the console serves those screens itself. */
  legacy_app_url: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
