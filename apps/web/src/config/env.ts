import { z } from 'zod';

/** Vite's build-time environment, parsed once; nothing else reads import.meta.env. */
const envSchema = z.object({
  MODE: z.string(),
  DEV: z.boolean(),
});

const parsed = envSchema.parse(import.meta.env);

export const env = {
  mode: parsed.MODE,
  isDev: parsed.DEV,
  /** Both API bases are served by the page's own origin (the session cookies are same-origin). */
  api: {
    legacy: '/api',
    v2: '/api/v2',
  },
} as const;
