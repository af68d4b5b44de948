import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, RESOURCE_FILES_API, VIDEO_EMBED_ORIGINS } from '@nexus/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerCleanupJob } from './auth/cleanup';
import { hostedPageLoader, registerHostedRoutes } from './auth/hosted';
import { serverSecret } from './auth/keys';
import { installOriginCheck } from './auth/origin';
import { createSessionResolver, createTokenIssuer } from './auth/resolver';
import { registerAuthRoutes } from './auth/routes';
import type { AuthContext } from './auth/service';
import { sessionCache } from './auth/session-cache';
import type { Database } from './db/client';
import { AppError } from './http/app-error';
import { installErrorHandler } from './http/error-handler';
import { registerHealth } from './http/health';
import { inlineScriptHashes } from './http/inline-scripts';
import { type ActorResolver, installPolicies } from './http/policy';
import { installSpa } from './http/spa';
import {
  type DispatcherOptions,
  EventDispatcher,
  installEvents,
  registerDomainEventRoutes,
} from './kernel/events';
import { Jobs, type JobsMode } from './kernel/jobs';
import { registerJobAdministration } from './kernel/jobs/routes';
import { installRateLimits } from './kernel/rate-limit';
import { ACCESS_CHANGED, installRealtime, type Realtime } from './kernel/realtime/server';
import { CacheBus, createRedis } from './kernel/redis';
import { installRequestLog } from './logger';
import { createMailer, createMailTransport, type MailTransport } from './mail/transport';
import { installPrivilegeInvalidation, PrivilegeCache, registerAccess } from './modules/access';
import { registerAdministration } from './modules/administration';
import { type AiProviderConfig, registerAi } from './modules/ai';
import { registerAnnouncements } from './modules/announcements';
import { registerApps } from './modules/apps';
import { registerAssessments } from './modules/assessments';
import { registerAttendance } from './modules/attendance';
import { registerCalendar } from './modules/calendar';
import { registerCertificates } from './modules/certificates';
import { registerCommunity } from './modules/community';
import { registerCompetitions } from './modules/competitions';
import { registerEcosystem } from './modules/ecosystem';
import { registerEvents } from './modules/events';
import { registerExperts } from './modules/experts';
import { DiskStore, type FileStore, registerFiles } from './modules/files';
import { jobPostingHead, registerHiring } from './modules/hiring';
import { registerHubs } from './modules/hubs';
import { registerUsers } from './modules/identity/users';
import { registerInvitations } from './modules/invitations';
import { registerLearning } from './modules/learning';
import { registerMessaging } from './modules/messaging';
import { registerNetwork } from './modules/network';
import { registerNotifications } from './modules/notifications';
import { registerPersonal } from './modules/personal';
import { registerProfiles } from './modules/profiles';
import { registerReadiness } from './modules/readiness';
import { registerRegistration } from './modules/registration';
import { registerResources } from './modules/resources';
import { registerServices } from './modules/services';
import { registerSupport } from './modules/support';
import { registerSwap } from './modules/swap';
import { registerTenancy } from './modules/tenancy';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  database: Database;
  /**
   * Who is calling. Sign-in (the identity issue) provides the real resolver; until then the product
   * has none, so every private endpoint answers 401. Tests inject one.
   */
  resolveActor?: ActorResolver;
  /** The built SPA (config.staticDir); without it the server answers a "not built" page. */
  staticDir?: string;
  /** Fastify logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Marks cookies Secure and turns off the mail outbox; from NODE_ENV=production. */
  production?: boolean;
  /** PUBLIC_ORIGIN: the allow-list for redirect_uri and the Origin check. */
  publicOrigin?: string;
  /** ALLOWED_ORIGINS: more origins a redirect_uri may return to. */
  allowedOrigins?: readonly string[];
  /** Where mail jobs deliver; by default SMTP at smtpUrl, else the development outbox. */
  mailer?: MailTransport;
  smtpUrl?: string;
  mailFrom?: string;
  /** Domain event dispatch (docs/events.md): attempts, backoff, poll interval, a test clock. */
  events?: DispatcherOptions;
  /** Where uploads go (modules/files): by default local disk under `$DATA_DIR/files` of the cwd. */
  fileStore?: FileStore;
  /** UPLOAD_MAX_MB (50). */
  uploadMaxMb?: number;
  /** JOBS: `on` (default) works the queues from `ready()` to `close()`; `off` only enqueues. */
  jobs?: JobsMode;
  /** Overrides every queue's polling interval (tests). */
  jobsPollingSeconds?: number;
  /**
   * REDIS_URL: socket.io's adapter, rate limits and cache invalidations shared between processes.
   * Unset: rate limits in PostgreSQL, sockets and caches in this process (DESIGN section 8).
   */
  redisUrl?: string;
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL: the suggestions' provider; unset, the built-in suggester. */
  ai?: AiProviderConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits to signed-in sockets: `app.realtime.toUser(id).emit({ type, ids, tags })`. */
    realtime: Realtime;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (DESIGN section 9), for areas and tests. */
    jobs: Jobs;
  }
}

/** How long a closing server lets in-flight jobs finish before they count as failed (and are retried). */
export const JOBS_STOP_TIMEOUT_MS = 10_000;

/**
 * Builds the API server without listening, so callers (main, tests, the bench) may add routes before
 * `ready()`. Order matters: guards and docs first, so they see every route registered after them.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // installRequestLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.bodyLimit ?? BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  if (deps.logger) installRequestLog(app);
  app.setSerializerCompiler(serializerCompiler);

  // A declared oversized body is refused before anything else, signed in or not, so nobody can make
  // the server wait on a body it would never read. Bodies without a length still hit the parser limit.
  // A route may raise its own limit (the files upload: UPLOAD_MAX_MB).
  const serverBodyLimit = deps.bodyLimit ?? BODY_LIMIT_BYTES;
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const bodyLimit = request.routeOptions.bodyLimit ?? serverBodyLimit;
    if (length > bodyLimit) {
      throw new AppError(
        ERROR_CODES.payloadTooLarge,
        413,
        request.routeOptions.config.tooLargeMessage ?? `The request body is larger than ${bodyLimit} bytes.`,
      );
    }
  });
  // Cookies are parsed before the policy hook reads the session cookie.
  await app.register(fastifyCookie);
  const publicOrigin = deps.publicOrigin ?? 'http://localhost:8080';
  installOriginCheck(app, publicOrigin);
  const tokens = createTokenIssuer(deps.database);
  const sessionResolver = createSessionResolver(deps.database, tokens);
  const injected = deps.resolveActor;
  app.decorateRequest('session', null);
  // Tests inject an actor; when they inject none the real session (cookie or bearer) decides.
  const privileges = new PrivilegeCache(deps.database);
  installPolicies(
    app,
    injected ? async (request) => (await injected(request)) ?? sessionResolver(request) : sessionResolver,
    (actor) => privileges.of(actor),
  );

  // What the process-wide session cache holds (sessions, recent drops) belongs to the database of an
  // earlier app in this process, if any (tests, tools): this app starts from an empty cache.
  sessionCache.reset();
  const redisUrl = deps.redisUrl;
  const bus = redisUrl ? await CacheBus.overRedis(redisUrl) : CacheBus.local();
  const redis = redisUrl ? createRedis(redisUrl, 'commands') : null;
  const stopPublishing = sessionCache.onDrop((drop, remote) => {
    if (!remote) bus.publish(drop);
  });
  bus.onRemoteDrop((drop) => {
    if (drop.cache === 'privileges') privileges.clear();
    else sessionCache.applyRemote(drop);
  });
  app.addHook('onClose', async () => {
    stopPublishing();
    await Promise.all([bus.close(), redis?.quit()]);
  });
  const realtime = installRealtime(app, {
    database: deps.database,
    tokens,
    origins: [publicOrigin, ...(deps.allowedOrigins ?? [])],
    redisUrl,
  });
  app.decorate('realtime', realtime);
  installPrivilegeInvalidation(app, privileges, (tenantId) => {
    bus.publish({ cache: 'privileges' });
    const message = { ...ACCESS_CHANGED, type: 'privileges.changed' };
    if (tenantId === null) realtime.toEveryone().emit(message);
    else realtime.toTenant(tenantId).emit(message);
  });
  const rateLimits = await installRateLimits(app, { database: deps.database, redis });
  installErrorHandler(app);
  const events = new EventDispatcher(deps.database, { log: app.log, ...deps.events });
  installEvents(app, events);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // A path source ending in "/" matches every address under it (CSP level 3, "path-part").
  const libraryFiles = `${publicOrigin}${RESOURCE_FILES_API}/content/`;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine and the docs UI set inline styles; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...inlineScriptHashes(deps.staticDir)],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // Video units embed YouTube and Vimeo players (issue 23), and the library previews its PDFs
        // in the page: an <object> of the file's address, which the browser's viewer frames. Only
        // the library's file addresses (bytes checked against their type on upload), nothing else.
        'frame-src': [...VIDEO_EMBED_ORIGINS, libraryFiles],
        'object-src': [libraryFiles],
      },
    },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nexus API',
        version: '0.1.0',
        description:
          'Generic list and resource conventions: see docs/api.md. Errors: `{ message, code, details? }`.',
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealth(app, deps.database);
  registerDomainEventRoutes(app, deps.database);
  registerAdministration(app, deps.database);
  const jobs = new Jobs(deps.database, {
    mode: deps.jobs ?? 'on',
    log: app.log,
    pollingIntervalSeconds: deps.jobsPollingSeconds,
  });
  app.decorate('jobs', jobs);
  // Workers start with the server and stop, letting in-flight jobs finish, when it closes.
  let jobsRetry: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (await deps.database.ping()) return jobs.start();
    // The database is away (a restart): the API still answers (readyz says 503) and the queue starts
    // once the database is back, instead of the process failing to start.
    app.log.warn('database unreachable: background jobs start once it answers');
    jobsRetry = setInterval(async () => {
      if (!(await deps.database.ping())) return;
      clearInterval(jobsRetry);
      jobs.start().catch((error) => app.log.error({ err: error }, 'background jobs could not start'));
    }, 5000);
    jobsRetry.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(jobsRetry);
    return jobs.stop(JOBS_STOP_TIMEOUT_MS);
  });
  const mailer = createMailer(
    jobs,
    deps.mailer ??
      createMailTransport(deps.database, {
        smtpUrl: deps.smtpUrl,
        from: deps.mailFrom ?? 'Nexus <no-reply@nexus.local>',
        production: deps.production ?? false,
        log: (line) => app.log.info(line),
      }),
  );
  registerCleanupJob(jobs, deps.database);
  registerJobAdministration(app, jobs);
  registerTenancy(app, deps.database, { mailer, publicOrigin });
  registerAccess(app, deps.database);
  registerProfiles(app, deps.database);
  registerInvitations(app, deps.database, publicOrigin, mailer);
  registerUsers(app, deps.database);
  registerRegistration(app, deps.database);
  registerLearning(app, deps.database);
  registerAssessments(app, deps.database);
  registerAttendance(app, deps.database);
  registerCertificates(app, deps.database, publicOrigin);
  registerAnnouncements(app, deps.database);
  registerCalendar(app, deps.database, publicOrigin);
  registerCompetitions(app, deps.database, publicOrigin);
  registerNotifications(app, deps.database, publicOrigin);
  const filesDeps = {
    database: deps.database,
    store: deps.fileStore ?? new DiskStore('./data/files'),
    maxMb: deps.uploadMaxMb ?? 50,
    log: (message: string, error: unknown) => app.log.warn({ err: error }, message),
  };
  registerFiles(app, filesDeps);
  registerMessaging(app, deps.database, rateLimits);
  registerCommunity(app, deps.database, rateLimits);
  registerEvents(app, deps.database, publicOrigin);
  registerNetwork(app, deps.database, rateLimits);
  registerResources(app, deps.database, filesDeps);
  registerReadiness(app, deps.database);
  registerHubs(app, deps.database);
  registerPersonal(app, deps.database);
  registerSupport(app, deps.database);
  registerHiring(app, deps.database, publicOrigin);
  registerExperts(app, deps.database, app.jobs, publicOrigin);
  registerEcosystem(app, deps.database);
  registerAi(app, deps.database, rateLimits, deps.ai);
  registerApps(app, deps.database);
  registerServices(app, deps.database);
  registerSwap(app, deps.database);

  const authContext: AuthContext = {
    database: deps.database,
    tokens,
    rateLimits,
    publicOrigin,
    redirectOrigins: [publicOrigin, ...(deps.allowedOrigins ?? [])],
    production: deps.production ?? false,
    otpSecret: serverSecret(deps.database, 'otp-hmac'),
    hostedPage: hostedPageLoader(deps.staticDir),
    mailer,
  };
  registerAuthRoutes(app, authContext);
  registerHostedRoutes(app, authContext);

  await installSpa(app, deps.staticDir, [jobPostingHead(deps.database, publicOrigin)]);
  return app;
}
