import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@caseport/db/client';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { accountingRoutes } from './features/accounting/routes';
import { auditRoutes } from './features/audit/routes';
import { authRoutes } from './features/auth/routes';
import { scheduleRenewals } from './features/billing/renewal';
import { billingRoutes } from './features/billing/routes';
import { branchRoutes } from './features/branches/routes';
import { caseCodeRoutes } from './features/case-codes/routes';
import { catalogueRoutes } from './features/case-types/catalogue-routes';
import { caseTypeRoutes } from './features/case-types/routes';
import { startTenantConfiguration } from './features/case-types/service';
import { caseActivityRoutes } from './features/cases/activities-routes';
import { caseDocumentRoutes } from './features/cases/documents-routes';
import { envelopeRoutes } from './features/cases/envelopes-routes';
import { caseInvoiceRoutes } from './features/cases/invoices-routes';
import { myCaseRoutes } from './features/cases/my-cases-routes';
import { peopleRoutes } from './features/cases/people-routes';
import { questionnaireAnswerRoutes } from './features/cases/questionnaire-answers-routes';
import { caseRoutes } from './features/cases/routes';
import { companyRoutes } from './features/companies/routes';
import { esignFieldRoutes } from './features/esign-fields/routes';
import { fileRoutes } from './features/files/routes';
import { filingFeeRoutes } from './features/filing-fees/routes';
import { labelRoutes } from './features/labels/routes';
import { letterRoutes } from './features/letters/routes';
import { masterDataRoutes } from './features/master-data/routes';
import { paymentsSandboxRoutes } from './features/payments-sandbox/routes';
import { createSandboxProvider } from './features/payments-sandbox/sandbox';
import { platformLibraryRoutes } from './features/platform-library/routes';
import { profileRoutes } from './features/profile/routes';
import { loadTenantProfile } from './features/profile/service';
import { questionnaireRoutes } from './features/questionnaires/routes';
import { reminderRoutes } from './features/reminders/routes';
import { scheduleReminders } from './features/reminders/runner';
import { serviceCenterRoutes } from './features/service-centers/routes';
import { socCodeRoutes } from './features/soc-codes/routes';
import { templateRoutes } from './features/templates/routes';
import { tenantRoutes } from './features/tenants/routes';
import { invite } from './features/users/invitation';
import { userRoutes } from './features/users/routes';
import { inviteUser } from './features/users/service';
import { workflowRoutes } from './features/workflows/routes';
import type { TrustProxy } from './lib/env';
import { type Clock, systemClock } from './platform/clock';
import type { AppDeps } from './platform/deps';
import { registerErrorHandling } from './platform/errors';
import { type FileStorage, localDiskStorage } from './platform/file-storage';
import { registerGuard } from './platform/guard';
import { registerInputGuard } from './platform/input-guard';
import type { Mailer } from './platform/mail';
import type { PaymentProvider, SandboxProvider } from './platform/payments';
import { createPrincipalCache } from './platform/principal-cache';
import { databaseRateLimitStore, rateLimitKeyOf } from './platform/rate-limit';
import { registerReferenceCheck } from './platform/references';
import { fastSerializerCompiler } from './platform/response-serializer';
import { loadSecretKey, secretBox } from './platform/secret-box';
import { builtInSigner, type SignatureProvider } from './platform/signed-document';

export interface AppConfig {
  database: Database;
  /** Root of uploaded files (DATA_DIR/files by default). */
  filesDir: string;
  clock?: Clock;
  storage?: FileStorage;
  /** Outgoing mail (SMTP_URL); absent: messages stay in the outbox. */
  mailer?: Mailer | null;
  /** D-26: a real payment processor; absent, the in-process sandbox (features/payments-sandbox). */
  payments?: PaymentProvider;
  /** Issue 35 item 3: an e-signature service making the signed document; absent, the built-in signer. */
  signer?: SignatureProvider;
  /** MFA_SECRET_KEY (base64, 32 bytes); absent: a key file beside filesDir, made on first start. */
  secretKey?: string | null;
  /** PUBLIC_URL: where invitation and reset links point (else the admin's own host). */
  publicUrl?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Built web app to serve (apps/web/dist); null in API-only tests. */
  webDist?: string | null;
  /** The proxies in front of the server (lib/env.ts parseTrustProxy): never `true`, which trusts any client. */
  trustProxy?: TrustProxy;
  /** Requests per minute per tenant (or per IP before login); false turns it off (tests of other things). */
  rateLimitPerMinute?: number | false;
  /**
   * Where the rate limit counts: this process's memory (default), or the database, so that several server
   * processes on one PostgreSQL count a tenant once (main.ts picks it when DATABASE_URL is set; issue 22).
   */
  rateLimitStore?: 'memory' | 'database';
  /** Issue 17: run the reminder engine hourly in this process (main.ts; off in tests unless asked). */
  remindersSchedule?: boolean;
  /** Issue 38 finding 1: run the subscriptions' renewal hourly in this process (main.ts; off in tests unless asked). */
  billingRenewals?: boolean;
  /** Issue 22: reads take the caller from the principal cache (platform/principal-cache.ts); on by default. */
  principalCache?: boolean;
}

/** Never log what could identify a session or a secret (SECURITY 20). */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.cardNumber',
  '*.token',
];

/**
 * A logged URL keeps its path and the names of its query parameters, never their values: invitation and reset
 * links carry one-time tokens there, and a file link the file's path (SECURITY 20).
 */
export const loggableUrl = (url: string) => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${url.slice(0, at)}?${names.map((n) => `${encodeURIComponent(n)}=…`).join('&')}`;
};
const SERIALIZERS = {
  req: (req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: req.method,
    url: loggableUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

/** Fastify types these factories after ajv's and fast-json-stringify's compilers; zod's are called the same way. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => fastSerializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** D-26: the configured processor, or the in-process sandbox (which also serves its tokenization route). */
const paymentsOf = (config: AppConfig, clock: Clock) => {
  // A sandbox passed in (a test counting its charges) keeps its tokenization route.
  if (config.payments)
    return {
      payments: config.payments,
      sandbox: 'tokenize' in config.payments ? (config.payments as SandboxProvider) : null,
    };
  const sandbox = createSandboxProvider(clock);
  return { payments: sandbox, sandbox };
};

export const buildApp = async (config: AppConfig) => {
  const app = Fastify({
    logger:
      config.logger === undefined
        ? false
        : config.logger && typeof config.logger === 'object'
          ? { ...config.logger, redact: REDACT, serializers: SERIALIZERS }
          : config.logger,
    // Fastify's options type splits on each member of the union; the value is one of its accepted forms.
    trustProxy: (config.trustProxy ?? false) as boolean,
    bodyLimit: 1024 * 1024,
    // Stack traces stay in the log, never in a response (handled by registerErrorHandling).
    return503OnClosing: true,
    // Every schema is zod's: Fastify's default compilers (ajv, fast-json-stringify) are never used, and naming
    // ours here keeps Fastify from loading them at start-up (~180 ms of a warm start, issue 15).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route, for the test that fails on a route missing from the permission matrix (SECURITY 1).
  // Their body/querystring schemas let the fuzz tests build requests of the right shape.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registeredRoutes.push({ method, url: route.url, body: schema?.body, querystring: schema?.querystring });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  registerErrorHandling(app, config.webDist ?? null);
  registerInputGuard(app);

  // Security headers (SECURITY 16). helmet's middleware is built once here: @fastify/helmet rebuilt it, and
  // re-parsed the CSP, on every request (4 % of the server's CPU in the list bench).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The document editor frames are same-origin (SECURITY 16).
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(cookie);
  // preservePath: busboy would strip a directory part from a file name; we see it and refuse it (platform/files.ts).
  await app.register(multipart, { preservePath: true });
  if (config.rateLimitPerMinute !== false) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute ?? 1200,
      timeWindow: '1 minute',
      // Before the guard's session lookup, keyed per tenant through the session hint (SECURITY 23).
      hook: 'onRequest',
      keyGenerator: rateLimitKeyOf,
      ...(config.rateLimitStore === 'database' ? { store: databaseRateLimitStore(config.database.db) } : {}),
    });
  }
  const deps: AppDeps = {
    db: config.database.db,
    clock: config.clock ?? systemClock,
    storage: config.storage ?? localDiskStorage(config.filesDir),
    mailer: config.mailer ?? null,
    ...paymentsOf(config, config.clock ?? systemClock),
    signer: config.signer ?? builtInSigner,
    publicUrl: config.publicUrl ?? null,
    secrets: secretBox(loadSecretKey(config.secretKey ?? null, join(config.filesDir, '..', 'secret.key'))),
    tenantAreas: { inviteUser, invite, startTenantConfiguration, loadTenantProfile },
  };
  const principalCache = config.principalCache === false ? null : await createPrincipalCache(config.database);
  if (principalCache) app.addHook('onClose', () => principalCache.close());
  app.decorate('principalCache', principalCache);
  registerGuard(app, deps.db, deps.clock, principalCache);
  registerReferenceCheck(app, deps.db);
  await app.register(swagger, {
    openapi: {
      // 3.1: the schemas are plain JSON Schema 2020-12, which any validator and client generator reads.
      openapi: '3.1.0',
      info: { title: 'Caseport API', version: '0.1.0', description: 'Settings and configuration core' },
    },
    transform: jsonSchemaTransform,
    // The schemas registered with an id (the error envelope) become components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.addHook('onSend', async (request, reply) => {
    // Personal data must not sit in shared caches (SECURITY 16).
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes, deps);
  await app.register(masterDataRoutes, deps);
  await app.register(fileRoutes, deps);
  await app.register(tenantRoutes, deps);
  await app.register(workflowRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(paymentsSandboxRoutes, deps);
  await app.register(caseCodeRoutes, deps);
  await app.register(caseTypeRoutes, deps);
  await app.register(letterRoutes, deps);
  await app.register(caseRoutes, deps);
  await app.register(peopleRoutes, deps);
  await app.register(caseActivityRoutes, deps);
  await app.register(caseDocumentRoutes, deps);
  await app.register(caseInvoiceRoutes, deps);
  await app.register(myCaseRoutes, deps);
  await app.register(envelopeRoutes, deps);
  await app.register(questionnaireAnswerRoutes, deps);
  await app.register(companyRoutes, deps);
  await app.register(labelRoutes, deps);
  await app.register(questionnaireRoutes, deps);
  await app.register(platformLibraryRoutes, deps);
  await app.register(catalogueRoutes, deps);
  await app.register(filingFeeRoutes, deps);
  await app.register(reminderRoutes, deps);
  await app.register(accountingRoutes, deps);
  await app.register(templateRoutes, deps);
  await app.register(esignFieldRoutes, deps);
  await app.register(serviceCenterRoutes, deps);
  await app.register(socCodeRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(branchRoutes, deps);
  await app.register(auditRoutes, deps);
  if (config.remindersSchedule) {
    let stop: (() => void) | null = null;
    // On listen, not on ready: main.ts fills the demo in through app.inject first, and the first run sees it.
    app.addHook('onListen', async () => {
      stop = scheduleReminders(deps.db, deps.clock, deps.mailer, deps.publicUrl, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }
  if (config.billingRenewals) {
    let stop: (() => void) | null = null;
    // On listen, a few seconds after: the start and /api/health do not wait for it.
    app.addHook('onListen', async () => {
      stop = scheduleRenewals(deps.db, deps.clock, deps.payments, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }

  if (config.webDist && existsSync(join(config.webDist, 'index.html'))) {
    // Vite writes .br/.gz beside each asset (apps/web/build/bundle-report.ts); hashed names never change
    // content, so they are cached for a year; index.html (the SPA fallback) is always revalidated.
    await app.register(fastifyStatic, {
      root: config.webDist,
      preCompressed: true,
      // One `/*` route that looks a file up when asked: `wildcard: false` globbed the ~250 built files and added
      // two routes for each at every start (issue 15: the warm start). A path that is no file goes to
      // the not-found handler, which answers index.html (platform/errors.ts).
      wildcard: true,
      // A directory ('/', '/assets/') is no file either: the web app answers it, as before.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      index: false,
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return app;
};

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's zod schemas, when it declares them. */
  body?: unknown;
  querystring?: unknown;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 22: who the session cookies belong to (null when off); tests watch its invalidation. */
    principalCache: import('./platform/principal-cache').PrincipalCache | null;
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}
