import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Stripe.js and its card iframes, allowed so the card field works when Stripe keys are configured (docs/security.md). */
const stripe = { script: 'https://js.stripe.com', frames: ['https://js.stripe.com', 'https://hooks.stripe.com'], api: 'https://api.stripe.com' };

/**
 * Security headers on every response (helmet) with a Content-Security-Policy the built SPA satisfies: scripts only
 * from this origin (and Stripe.js), no inline scripts, no plugins, no framing by other sites. Inline styles stay
 * allowed because antd and xterm.js set element styles at run time. HSTS and upgrade-insecure-requests only when
 * the deployment is served over TLS (COOKIE_SECURE), so a plain-HTTP trial on loopback keeps working.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { tls: boolean }): void {
  const headers = helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets, worked out once: none of ours depends on the request (no CSP nonces, no directive functions).
 * @fastify/helmet built the whole helmet middleware again for every request (parsing the CSP each time), a few
 * hundredths of a millisecond of every response under load.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws a bad option at once; the callback's error argument is kept for older middleware only.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet refused its options');
  });
  return headers;
}
