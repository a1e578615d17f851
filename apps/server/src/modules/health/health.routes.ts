import { healthRoutes as routes } from '@syrx/contracts/routes/health';
import type { Config } from '../../config/env.ts';
import type { Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';

/** Readiness (the server listens only once migrations ran) and what the SPA needs to know. */
export const healthRoutes: Routes<{ config: Pick<Config, 'legacyAppUrl' | 'stripe'> }> = (app, { config }) => {
  const open = { config: { public: true } };
  serve(app, routes.health, open, async () => ({ status: 'ok' as const }));
  serve(app, routes.clientConfig, open, async () => ({
    legacy_app_url: config.legacyAppUrl,
    payment_mode: config.stripe ? ('stripe' as const) : ('test' as const),
    stripe_publishable_key: config.stripe?.publishableKey ?? null,
  }));
};
