import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** An optional setting: unset or empty means absent. */
const optionalText = (schema: z.ZodString) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Whether HOST is a loopback address (127.0.0.0/8, ::1, localhost): only this machine can connect to it. */
export const isLoopbackHost = (host: string): boolean =>
  /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/i.test(host) || ['::1', '[::1]', 'localhost'].includes(host.toLowerCase());

export const metricsExposedMessage =
  'HOST is not a loopback address, so GET /metrics could be reached from other machines (or through a reverse proxy, ' +
  'where every caller looks like loopback): set METRICS_TOKEN (16+ characters) and scrape with it, or METRICS_PUBLIC=true to serve it to anyone';

/** The origin of a URL as a browser sends it in the Origin header (scheme, host, port), or null when it has none. */
const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};
/** An http(s) origin and nothing more (a trailing slash aside). */
const isOrigin = (v: string): boolean => {
  const origin = originOf(v);
  return origin !== null && /^https?:/.test(origin) && new URL(v).href === `${origin}/`;
};

/** The parts one instance can run (docs/operations.md). */
export const serverRoles = ['api', 'realtime', 'worker'] as const;
export type ServerRole = (typeof serverRoles)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections each process opens to PostgreSQL at most (the embedded database always has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  DEMO: booleanFlag.optional(),
  DEMO_SITE: z.string().min(1).optional(),
  DEMO_DISCOVER: booleanFlag.default(true),
  /** Where the demo building's agent connects (default: this instance); start:cluster points it at the balancer. */
  DEMO_SERVER_URL: z.string().url().optional(),
  DEMO_BASE_ADDRESS: z.string().regex(/^127\.\d{1,3}\.\d{1,3}\.0$/, 'a loopback x.y.z.0 address such as 127.0.10.0').default('127.0.10.0'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Syrx Console <no-reply@syrx.local>'),
  PUBLIC_URL: z.string().url().optional(),
  /** Origins besides PUBLIC_URL's whose pages may open browser sockets, comma-separated (https://console.example.com). */
  ALLOWED_ORIGINS: z.string().default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isOrigin, 'each must be an origin: http(s), host and port, no path, such as https://console.example.com'))),
  LEGACY_APP_URL: z.string().url().or(z.literal('')).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(30 * 24 * 3600),
  ACTOR_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  COOKIE_SECURE: booleanFlag.default(false),
  /** Redis for several instances: the Socket.IO adapter and shared rate limits (docs/operations.md). */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional(),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w.-]{1,64}$/).default('syrx'),
  /** Bearer token for GET /metrics; without it only loopback callers may scrape. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serve GET /metrics without a token to every caller; needed to start on a non-loopback HOST without METRICS_TOKEN. */
  METRICS_PUBLIC: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  SERVICE_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** What this instance does (docs/operations.md): any of api, realtime, worker; all three by default. */
  ROLES: z.string().default(serverRoles.join(','))
    .transform((v) => [...new Set(v.split(',').map((r) => r.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(serverRoles, { message: `each role must be one of ${serverRoles.join(', ')}` })).min(1, 'name at least one role')),
  /** On SIGTERM, how long readiness answers 503 before the instance closes (a balancer's check interval or more). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  JOB_WORKER: booleanFlag.default(true),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  JOB_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  JOB_LEASE_RENEW_MS: z.coerce.number().int().min(50).max(3_600_000).default(10_000),
  STRIPE_SECRET_KEY: optionalText(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_test_… or sk_live_…)')),
  STRIPE_PUBLISHABLE_KEY: optionalText(z.string().regex(/^pk_(test|live)_\w+$/, 'a Stripe publishable key (pk_test_… or pk_live_…)')),
  STRIPE_WEBHOOK_SECRET: optionalText(z.string().regex(/^whsec_\w+$/, 'a Stripe webhook signing secret (whsec_…)')),
})
  .refine((e) => e.ROLES.includes('realtime') || e.REDIS_URL !== undefined, {
    path: ['ROLES'], message: 'an instance without the realtime role reaches agents through the others: set REDIS_URL',
  })
  .refine((e) => e.JOB_LEASE_RENEW_MS < e.JOB_LEASE_MS, { path: ['JOB_LEASE_RENEW_MS'], message: 'must be shorter than JOB_LEASE_MS' })
  .refine((e) => isLoopbackHost(e.HOST) || e.METRICS_TOKEN !== undefined || e.METRICS_PUBLIC, { path: ['METRICS_TOKEN'], message: metricsExposedMessage })
  .refine((e) => (e.STRIPE_SECRET_KEY === undefined) === (e.STRIPE_PUBLISHABLE_KEY === undefined), {
    path: ['STRIPE_PUBLISHABLE_KEY'], message: 'set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither (test mode)',
  })
  .refine((e) => e.STRIPE_WEBHOOK_SECRET === undefined || e.STRIPE_SECRET_KEY !== undefined, {
    path: ['STRIPE_WEBHOOK_SECRET'], message: 'needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
  })
  .refine((e) => e.STRIPE_SECRET_KEY === undefined || e.STRIPE_PUBLISHABLE_KEY === undefined || e.STRIPE_SECRET_KEY.split('_')[1] === e.STRIPE_PUBLISHABLE_KEY.split('_')[1], {
    path: ['STRIPE_PUBLISHABLE_KEY'], message: 'must be of the same mode (test or live) as STRIPE_SECRET_KEY',
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  /** Connections each process opens to PostgreSQL at most (DATABASE_POOL_SIZE); the embedded database has one. */
  databasePoolSize: number;
  adminUsername: string;
  adminPassword: string | undefined;
  demo: boolean;
  /** The simulated building's site file (default: the demo building) and the loopback range it runs in. */
  demoSitePath: string | undefined;
  demoBaseAddress: string;
  /** Discover the simulated building's devices when the demo controller is first created. */
  demoDiscover: boolean;
  demoServerUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Origins whose pages may open browser sockets: PUBLIC_URL's and ALLOWED_ORIGINS, as browsers send them. */
  allowedOrigins: string[];
  legacyAppUrl: string;
  logLevel: Env['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a session's actor is kept between requests at most (0: looked up on every request); PostgreSQL only. */
  actorCacheSeconds: number;
  authRateLimitPerMinute: number;
  cookieSecure: boolean;
  metricsToken: string | undefined;
  /** Without a token, /metrics answers every caller (METRICS_PUBLIC), not only loopback ones. */
  metricsPublic: boolean;
  redis: { url: string; keyPrefix: string } | undefined;
  /** api: the HTTP API and the SPA; realtime: the Socket.IO gateway for browsers and agents (worker: jobs.worker). */
  roles: { api: boolean; realtime: boolean };
  shutdownDrainMs: number;
  webDistDir: string;
  /** Service log entries older than this are deleted (hourly). */
  serviceLogRetentionDays: number;
  /** The background job worker (docs/jobs.md): run it in this process, how often it polls, how many jobs at once, its lease. */
  jobs: { worker: boolean; pollMs: number; concurrency: number; leaseMs: number; renewMs: number };
  /** Card payments through Stripe (docs/purchasing.md); absent: the offline test mode. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
}

/** Parses the environment once, failing with the list of every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    demo: env.DEMO ?? !env.DATABASE_URL,
    demoSitePath: env.DEMO_SITE === undefined ? undefined : path.resolve(env.DEMO_SITE),
    demoBaseAddress: env.DEMO_BASE_ADDRESS,
    demoDiscover: env.DEMO_DISCOVER,
    demoServerUrl: env.DEMO_SERVER_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl,
    allowedOrigins: [...new Set([publicUrl, ...env.ALLOWED_ORIGINS].map(originOf).filter((o) => o !== null))],
    legacyAppUrl: env.LEGACY_APP_URL.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    actorCacheSeconds: env.ACTOR_CACHE_SECONDS,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    cookieSecure: env.COOKIE_SECURE,
    metricsToken: env.METRICS_TOKEN,
    metricsPublic: env.METRICS_PUBLIC,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    serviceLogRetentionDays: env.SERVICE_LOG_RETENTION_DAYS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    roles: { api: env.ROLES.includes('api'), realtime: env.ROLES.includes('realtime') },
    jobs: { worker: env.ROLES.includes('worker') && env.JOB_WORKER, pollMs: env.JOB_POLL_MS, concurrency: env.JOB_CONCURRENCY, leaseMs: env.JOB_LEASE_MS, renewMs: env.JOB_LEASE_RENEW_MS },
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
      : undefined,
  };
}
