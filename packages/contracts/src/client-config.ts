import { z } from 'zod';
import { paymentModes } from './purchasing.ts';

/** GET /api/v2/client-config: what the SPA needs to know about its deployment. */
export const clientConfigSchema = z.object({
  /** Base URL of the legacy hash-routed application; empty when the console serves those screens itself. */
  legacy_app_url: z.string(),
  /** The card payment provider: 'stripe' (Stripe.js with the publishable key) or 'test' (offline, no real charge). */
  payment_mode: z.enum(paymentModes),
  /** Stripe's publishable key in 'stripe' mode, else null. */
  stripe_publishable_key: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
