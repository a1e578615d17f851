import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import qs from 'qs';
import type pg from 'pg';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createTwoFactorService } from './modules/auth/two-factor.service.ts';
import { createApiTokensService } from './modules/users/api-tokens.service.ts';
import { apiTokensRoutes } from './modules/users/api-tokens.routes.ts';
import { dataMovesModule } from './modules/data-moves/data-moves.module.ts';
import { pointHealthModule } from './modules/point-health/point-health.module.ts';
import { closeIssuesResolvedBySweep } from './modules/issues/issue-auto-close.service.ts';
import { issuesModule } from './modules/issues/issues.module.ts';
import { rolesModule } from './modules/roles/roles.module.ts';
import { serviceVersionsModule } from './modules/service-versions/service-versions.module.ts';
import { createServiceVersionsService } from './modules/service-versions/service-versions.service.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { projectsModule } from './modules/projects/projects.module.ts';
import { contactsModule } from './modules/contacts/contacts.module.ts';
import { componentsModule } from './modules/components/components.module.ts';
import { cataloguesModule } from './modules/catalogues/catalogues.module.ts';
import { purchasingModule } from './modules/purchasing/purchasing.module.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { DomainEvents } from './lib/domain-events.ts';
import { createAgentsService } from './modules/controllers/agents.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createDiagnosticsService } from './modules/diagnostics/diagnostics.service.ts';
import { diagnosticsRoutes } from './modules/diagnostics/diagnostics.routes.ts';
import { createMetricsService } from './modules/metrics/metrics.service.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createServiceLogsService } from './modules/service-logs/service-logs.service.ts';
import { serviceLogsRoutes } from './modules/service-logs/service-logs.routes.ts';
import { createTerminalService } from './modules/terminal/terminal.service.ts';
import { retentionTask } from './lib/retention.ts';
import { attachRealtime } from './modules/realtime/realtime.gateway.ts';
import { createConnectionService } from './modules/controllers/connection.service.ts';
import { createControllersService } from './modules/controllers/controllers.service.ts';
import { controllersRoutes } from './modules/controllers/controllers.routes.ts';
import { createEnabledServicesService } from './modules/controllers/enabled-services.service.ts';
import { createDeviceReads } from './modules/devices/device-reads.service.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { createGroupsService } from './modules/groups/groups.service.ts';
import { groupsModule } from './modules/groups/groups.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { operabilityRoutes } from './modules/health/operability.routes.ts';
import { createServerMetrics } from './lib/prometheus.ts';
import { agentNamespace } from '@syrx/contracts/agent-protocol';
import type { JobHandler } from './modules/jobs/job-handler.ts';
import { JobWorker } from './modules/jobs/job-worker.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { createPointUploadsService } from './modules/points/point-uploads.service.ts';
import { createPointsService } from './modules/points/points.service.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { createQueryMessagesService } from './modules/query-messages/query-messages.service.ts';
import { queryMessagesRoutes } from './modules/query-messages/query-messages.routes.ts';
import { createAgentLink } from './modules/realtime/agent-link.service.ts';
import { createPressureControlService } from './modules/pressure-control/pressure-control.service.ts';
import { pressureControlRoutes } from './modules/pressure-control/pressure-control.routes.ts';
import { createPointDataService } from './modules/records/point-data.service.ts';
import { createRecordBackfillService } from './modules/records/record-backfill.service.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { recordsModule } from './modules/records/records.module.ts';
import { createRegistrationService } from './modules/users/registration.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersAdminModule } from './modules/users/users-admin.module.ts';
import { ensureCsrfCookie, registerCsrfCheck } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { recordRoutes } from './lib/route-table.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { createCredentialBackoff } from './lib/credential-backoff.ts';
import { connectRedis } from './lib/redis.ts';
import { createGuards } from './plugins/session.ts';
import { createIdentify } from './plugins/request-identity.ts';
import { actorCache } from './plugins/actor-cache.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Terminal sessions close after this long without input or output (default 15 minutes; tests shorten it). */
  terminalIdleMs?: number;
  /** The database pool, for its gauges on /metrics. */
  pool?: pg.Pool;
  /** Job handlers registered after the standard ones, replacing those of the same type (tests, a worker process). */
  jobHandlers?: JobHandler[];
  /** The job worker's id (locked_by); default host:pid:random. */
  jobWorkerId?: string;
  /**
   * The PostgreSQL server whose change notices keep the actor cache true (security/actor-cache.ts); without it (the
   * embedded database) every request looks its user up.
   */
  changeNoticesUrl?: string;
}

/** Builds the whole server (both API bases, OpenAPI, the SPA) without listening: tests call inject(). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: 1024 * 1024,
    // Grids send nested parameters such as sort[0][field]=name. Vendor point tree paths carry id field values (up to 200
    // characters; URL-encoded UTF-8 is up to nine times longer).
    routerOptions: { maxParamLength: 2500, querystringParser: (str) => qs.parse(str, { depth: 2, arrayLimit: 20 }) },
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerInputGuards(app);
  const metrics = createServerMetrics();
  app.addHook('onClose', async () => metrics.close());
  metrics.instrument(app);
  if (opts.pool) metrics.pool(opts.pool);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { tls: config.cookieSecure });
  // Several instances share Redis: the Socket.IO adapter and the rate-limit counters (closed after everything else).
  const redis = config.redis ? connectRedis(config.redis, app.log) : null;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis: redis.rateLimitClient, nameSpace: redis.rateLimitNamespace } : {}) });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Syrx Console API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  const groups = createGroupsService(db);
  const users = createUsersService(db, groups, actorCache(app, config, opts.changeNoticesUrl));
  const auth = createAuthService(db, { accessSeconds: config.accessTokenTtlSeconds, refreshSeconds: config.refreshTokenTtlSeconds });
  const audit = createAuditService(db, groups);
  const apiTokens = createApiTokensService(db, users, audit);
  // A request's actor (session or API token) is looked up once: the XSRF check takes its session id, the guard the rest.
  const identify = createIdentify({ actorOfAccessToken: (a) => users.actorOfAccessToken(a), actorOfApiToken: (t, o) => apiTokens.actorOfApiToken(t, o) });
  // Before the session guard (createGuards below): a forged call is refused before anything else looks at it.
  const sessionOfCookies = (request: FastifyRequest) => auth.sessionIdOf(request.cookies[sessionCookies.access], request.cookies[sessionCookies.refresh]);
  registerCsrfCheck(app, { identify, sessionOfCookies });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const events = new DomainEvents();
  const controllers = createControllersService(db, groups, events, audit);
  // The link to agents exists before the services that call agents; attachRealtime binds it to the sockets.
  const agentLink = createAgentLink(app.log);
  const deviceReadTasks = new BackgroundTasks(app.log, 4);
  const messageTasks = new BackgroundTasks(app.log, 4);
  const pointUploads = createPointUploadsService(db, events);
  const reads = createDeviceReads({ db, agentLink, uploads: pointUploads, events, background: deviceReadTasks, log: app.log });
  const devices = createDevicesService(db, controllers, events, reads);
  const points = createPointsService(db, controllers, pointUploads, events);
  const pressureControl = createPressureControlService(db, controllers, events, audit);
  const serviceLogs = createServiceLogsService(db, controllers, { retentionDays: config.serviceLogRetentionDays });
  const diagnostics = createDiagnosticsService(db, controllers);
  const serviceVersions = createServiceVersionsService(db, events);
  const terminal = createTerminalService({ controllers, audit, log: app.log, ...(opts.terminalIdleMs ? { idleMs: opts.terminalIdleMs } : {}) });
  // Retention: hourly (first a minute after start), cheap (indexed deletes in short chunks), harmless on every instance.
  const retention = retentionTask({ serviceLogs: serviceLogs.retention, diagnostics: diagnostics.retention }, app.log);
  app.addHook('onReady', async () => retention.start(3_600_000, 60_000));
  const { pollMs, leaseMs, renewMs, concurrency } = config.jobs;
  const jobWorker = new JobWorker({ db, log: app.log, pollMs, leaseMs, renewMs, concurrency, ...(opts.jobWorkerId ? { id: opts.jobWorkerId } : {}) });
  const jobs = createJobsService(db, { onQueued: () => jobWorker.wake() });
  // Started once every module has registered its handlers; stopped (its jobs put back) before the database closes.
  app.addHook('onReady', async () => {
    for (const handler of opts.jobHandlers ?? []) jobWorker.register(handler, { replace: true });
    if (config.jobs.worker) jobWorker.start();
  });
  // Agents' credential failures back off per address and controller, counted by the rate-limit plugin (Redis: shared).
  const agentBackoff = createCredentialBackoff(app, { freeFailures: config.authRateLimitPerMinute, name: 'agent-credentials' });
  const agents = createAgentsService(db, devices, points, pressureControl, serviceVersions, agentBackoff);
  const registration = createRegistrationService(db, mailer, config.publicUrl);
  const connection = createConnectionService(db, controllers, events);
  const enabledServices = createEnabledServicesService(db, controllers, events, audit);
  const pointMetrics = createMetricsService(db, controllers);
  const pointData = createPointDataService(db, { controllers, groups });
  const records = createRecordsService(db, controllers, pointData);
  const queryMessages = createQueryMessagesService(db, controllers, devices, agentLink, messageTasks);
  const guards = createGuards(app, identify);
  const twoFactor = createTwoFactorService(db, audit);
  // Closing: calls to agents fail at once, then background work finishes before the database goes away.
  app.addHook('preClose', async () => {
    agentLink.close();
    await Promise.all([deviceReadTasks.close(), messageTasks.close(), terminal.close(), retention.close(), jobWorker.stop(), agents.close(), records.close(), pointMetrics.close()]);
  });

  // Roles (docs/operations.md): an instance without `api` answers only health and metrics.
  if (config.roles.api) {
    // Each module gets what it names, no more; the order is the route table's (permission matrix, route sweep).
    healthRoutes(app, { config });
    authRoutes(app, { config, auth, users, audit, twoFactor, guards });
    usersRoutes(app, { config, users, registration, guards });
    usersAdminModule(app, { config, db, groups, users, mailer, audit, events, guards });
    apiTokensRoutes(app, { apiTokens, guards });
    groupsModule(app, { db, groups, audit, guards });
    controllersRoutes(app, { config, controllers, connection, enabledServices, users, guards });
    devicesRoutes(app, { devices, guards });
    pointsRoutes(app, { points, guards });
    queryMessagesRoutes(app, { queryMessages, guards });
    recordsModule(app, { db, records, backfill: createRecordBackfillService({ db, controllers, agentLink, events }), pointData, jobs, jobWorker, guards });
    auditRoutes(app, { audit, guards });
    serviceLogsRoutes(app, { serviceLogs, guards });
    diagnosticsRoutes(app, { diagnostics, guards });
    metricsRoutes(app, { metrics: pointMetrics, guards });
    pressureControlRoutes(app, { pressureControl, guards });
    jobsRoutes(app, { jobs, guards });
    dataMovesModule(app, { db, controllers, groups, jobs, jobWorker, guards });
    accountsModule(app, { db, groups, guards });
    projectsModule(app, { db, groups, guards });
    contactsModule(app, { db, groups, guards });
    componentsModule(app, { db, audit, guards });
    cataloguesModule(app, { db, audit, guards });
    purchasingModule(app, { config, db, groups, guards });
    serviceVersionsModule(app, { serviceVersions, agents, guards });
    rolesModule(app, { db, groups, users, guards });
    pointHealthModule(app, { config, db, controllers, groups, jobs, jobWorker, agentLink, audit, afterSweep: closeIssuesResolvedBySweep, guards });
    issuesModule(app, { db, groups, guards });
    app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  } else {
    healthRoutes(app, { config });
  }
  operabilityRoutes(metrics)(app, { config, db });
  metrics.gauge('syrx_jobs_queued', 'Jobs waiting for a worker', () => jobs.queuedCount());
  // Without the realtime role the gateway is not attached to HTTP: it reaches agents through Redis and the others.
  const io = attachRealtime(app, {
    allowedOrigins: config.allowedOrigins,
    services: { agentLink, agents, controllers, devices, diagnostics, metrics: pointMetrics, pointUploads, pressureControl, queryMessages, records, serviceLogs, terminal, users },
  }, events, { adapter: redis?.adapter(), attach: config.roles.realtime });
  metrics.gauge('syrx_agents_connected', 'Agents connected to this instance', () => io.of(agentNamespace).sockets.size);
  metrics.gauge('syrx_browser_sockets', 'Browser sockets connected to this instance', () => io.of('/').sockets.size);
  if (config.roles.api) await registerSpa(app, config);
  return app;
}

/**
 * Serves the built SPA; unknown non-API paths get index.html so the client router can answer them. The build's
 * hashed assets are cached for a year without revalidation; the shell (index.html, and anything else outside assets/)
 * is revalidated on every load (ETag), so a release is seen at once. The build writes .br and .gz beside each file
 * (apps/web/vite.config.ts): a browser accepting them gets those (Content-Encoding, Vary: Accept-Encoding).
 */
async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const hasSpa = existsSync(`${config.webDistDir}/index.html`);
  if (hasSpa) {
    // assets/ holds the build's hashed names (<name>-<hash>.<ext>): a changed file gets a new name.
    const assetsDir = path.join(config.webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed files are no URLs of their own: they answer their file's URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset (a page of an earlier release asking for a chunk) is a 404, not the shell in a script's place.
    const notPage = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/assets/');
    if (notPage || !['GET', 'HEAD'].includes(request.method) || !hasSpa) {
      return reply.status(404).send(new AppError('not_found', 404, `No such route: ${request.method} ${request.url.split('?')[0]}`).toBody());
    }
    ensureCsrfCookie(request, reply, config.cookieSecure);
    return reply.sendFile('index.html');
  });
}
