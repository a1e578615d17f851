import { z } from 'zod';
import { clientConfigSchema } from '@syrx/contracts/client-config';
import { type Routes, typed } from '../../app-context.ts';

/** Readiness (the server listens only once migrations ran) and what the SPA needs to know. */
export const healthRoutes: Routes = (app, { config }) => {
  const r = typed(app);
  r.get('/api/health', { config: { public: true }, schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  r.get('/api/v2/client-config', { config: { public: true }, schema: { tags: ['system'], response: { 200: clientConfigSchema } } }, async () => ({
    legacy_app_url: config.legacyAppUrl,
    payment_mode: config.stripe ? ('stripe' as const) : ('test' as const),
    stripe_publishable_key: config.stripe?.publishableKey ?? null,
  }));
};
