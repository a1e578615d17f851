import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/** Stripe.js and its card iframes, allowed so the card field works when Stripe keys are configured (docs/security.md). */
const stripe = { script: 'https://js.stripe.com', frames: ['https://js.stripe.com', 'https://hooks.stripe.com'], api: 'https://api.stripe.com' };

/**
 * Security headers on every response (helmet) with a Content-Security-Policy the built SPA satisfies: scripts only
 * from this origin (and Stripe.js), no inline scripts, no plugins, no framing by other sites. Inline styles stay
 * allowed because antd and xterm.js set element styles at run time. HSTS and upgrade-insecure-requests only when
 * the deployment is served over TLS (COOKIE_SECURE), so a plain-HTTP trial on loopback keeps working.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { tls: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", stripe.api],
        frameSrc: stripe.frames,
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Stripe's iframes are cross-origin documents that do not send CORP headers.
    crossOriginEmbedderPolicy: false,
  });
}
