/**
 * Builds the server: external plugins, then our plugins (errors, security headers, auth),
 * then the modules' routes, then the app's static files — always in this order.
 */
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { ServerConfig } from './config';
import { migrateToLatest, openDb, type Db } from './db/database';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { authPlugin, createTokenVerifier, type TokenVerifier } from './plugins/auth';
import { staticPlugin } from './plugins/static';
import { loggerOptions, requestIds, requestLogPlugin, type LogStream } from './plugins/logging';
import { Metrics, metricsRoute } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { pruneRateLimits } from './plugins/shared-limits';
import { capConnectionsPerAddress } from './plugins/connection-cap';
import { UserStateCache } from './modules/users/user-state';
import { healthRoutes, watchDatabase } from './modules/health/health.routes';
import { sessionRoutes } from './modules/auth/session.routes';
import { publicConfigRoutes } from './modules/public/public-config.routes';
import { seedDemoUsers } from './modules/users/demo-users';
import { seedDemoData } from './modules/demo/demo-data';
import { seedDemoSignatureFiles } from './modules/demo/demo-signature';
import { shopRoutes } from './modules/shop/shop.routes';
import { loadProviderKeys } from './oidc/keys';
import { createProvider } from './oidc/provider';
import { LOGOUT_SCRIPT_URL, oidcPlugin } from './oidc/oidc.plugin';
import { loadLoginTexts } from './oidc/login-i18n';
import { purgeExpired } from './oidc/adapter';
import { cmsRoutes } from './cms/cms.routes';
import { syncRoutes } from './sync/sync.routes';
import { fileRoutes, handleFileRequest, registerFileSupport } from './modules/files/files.routes';
import type { BlobStore } from './modules/files/blob-store';
import { openBlobStore } from './modules/files/open-blob-store';
import { adoptReportBlobs } from './modules/dguv/report-blobs';
import { profileRoutes } from './modules/profile/profile.routes';
import { dayPlanRoutes } from './modules/day-plan/technicians.routes';
import { reportRoutes } from './reports/reports.routes';
import { verifyRoutes } from './modules/dguv/verify.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { labelRoutes } from './reports/labels.routes';

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  verifyToken: TokenVerifier;
}

export async function buildApp(
  config: ServerConfig,
  options: { logger?: boolean; logStream?: LogStream } = {},
): Promise<BuiltApp> {
  const db = openDb(config);
  const filesDir = path.join(config.dataDir, 'files');
  let blobs: BlobStore;
  try {
    blobs = await openBlobStore(config.fileStore, { db: db.kysely, filesDir });
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  // Any number of instances may start at once on one database: one at a time migrates and
  // seeds, the others then find it done.
  let adopted: Awaited<ReturnType<typeof adoptReportBlobs>> = { moved: [], failed: [] };
  try {
    await db.withStartupLock(async () => {
      await migrateToLatest(db);
      // Approved reports' PDFs the migration left in the database go to a disk or S3 store.
      adopted = await adoptReportBlobs(db.kysely, blobs);
      if (config.demoData) {
        await seedDemoUsers(db.kysely);
        await seedDemoData(db.kysely);
        await seedDemoSignatureFiles(db.kysely, blobs);
      }
    });
  } catch (err) {
    await blobs.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    // One line per request instead (requestLogPlugin), with ids unique across instances.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIds(),
    bodyLimit: 2 * 1024 * 1024,
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node looks for requests past their time-outs (its default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
  });
  capConnectionsPerAddress(app.server, config.http.connectionsPerAddress);
  app.addHook('onClose', async () => {
    await blobs.close();
    await db.close();
  });
  app.log.info({ fileStore: blobs.kind, where: blobs.where }, `file store: ${blobs.kind}`);
  if (adopted.moved.length > 0)
    app.log.info({ moved: adopted.moved.length }, 'approved reports moved into the file store');
  if (adopted.failed.length > 0)
    app.log.error(
      { keys: adopted.failed },
      'approved reports left in the database: their bytes do not match their hash',
    );
  const metrics = new Metrics(() => db.pool());
  app.decorate('metrics', metrics);
  requestLogPlugin(app, metrics);
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  const stopWatching = watchDatabase(db, app.log);
  app.addHook('onClose', async () => stopWatching());

  // 1. external plugins
  await app.register(formbody);
  await registerFileSupport(app);

  // 2. our plugins
  errorsPlugin(app);
  securityHeadersPlugin(app, config);
  let verifyToken: TokenVerifier;
  if (config.auth.embedded) {
    const keys = await loadProviderKeys(db.kysely);
    verifyToken = createTokenVerifier(config.auth, { publicJwks: keys.publicJwks });
    const provider = createProvider({
      auth: config.auth,
      db: db.kysely,
      keys,
      interactionPath: `/realms/${config.auth.realm}/login-actions`,
      logoutScriptUrl: LOGOUT_SCRIPT_URL,
      texts: loadLoginTexts(config.localesDir),
    });
    await oidcPlugin(app, { config, db, provider, publicJwks: keys.publicJwks });
    await purgeExpired(db.kysely);
    const purge = setInterval(() => void purgeExpired(db.kysely).catch(() => undefined), 3600_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  } else {
    verifyToken = createTokenVerifier(config.auth, {
      jwksUrl: `${config.auth.issuer}/protocol/openid-connect/certs`,
    });
  }
  authPlugin(app, verifyToken, config.auth.embedded ? new UserStateCache(db.kysely) : null);
  rateLimitPlugin(app, db.kysely, config.rateLimit.apiPerMinute);
  const prune = setInterval(() => void pruneRateLimits(db.kysely).catch(() => undefined), 60_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  // 3. modules
  let listening = () => true;
  healthRoutes(app, {
    db,
    version: config.version,
    checks: {
      fileStore: () => blobs.ready(),
      listening: () => listening(),
      draining: () => draining,
    },
  });
  metricsRoute(app, metrics, config.metrics.token);
  publicConfigRoutes(app, { config, db });
  sessionRoutes(app, db.kysely);
  const cms = cmsRoutes(app, {
    db,
    tailHandlers: [handleFileRequest],
    queryTimeoutMs: config.queryTimeoutMs,
  });
  const { announcer } = syncRoutes(app, { db, cms, databaseUrl: config.databaseUrl });
  listening = () => announcer.listening();
  fileRoutes(app, { db: db.kysely, blobs, dataDir: config.dataDir });
  const approvedReports = reportRoutes(app, {
    db: db.kysely,
    localesDir: config.localesDir,
    publicUrl: config.publicUrl,
  });
  verifyRoutes(app, { db: db.kysely, reports: approvedReports });
  labelRoutes(app, { db: db.kysely, localesDir: config.localesDir, publicUrl: config.publicUrl });
  profileRoutes(app, { db: db.kysely, auth: config.auth });
  dayPlanRoutes(app, { db: db.kysely });
  shopRoutes(app, { db });
  calendarRoutes(app, {
    db: db.kysely,
    publicUrl: config.publicUrl,
    localesDir: config.localesDir,
    embedded: config.auth.embedded,
    feedPerMinute: config.rateLimit.calendarPerMinute,
  });

  // 4. the app itself, and the not-found answer
  await staticPlugin(app, config.distDir);
  return { app, db, verifyToken };
}
