/**
 * Builds the server: external plugins, then our plugins (errors, security headers, auth),
 * then the modules' routes, then the app's static files — always in this order.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { ServerConfig } from './config';
import { migrateToLatest, openDb, type Db } from './db/database';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { authPlugin, createTokenVerifier, type TokenVerifier } from './plugins/auth';
import { staticPlugin } from './plugins/static';
import { loggerOptions, type LogStream } from './plugins/logging';
import { rateLimitPlugin } from './plugins/rate-limit';
import { capConnectionsPerAddress } from './plugins/connection-cap';
import { UserStateCache } from './modules/users/user-state';
import { healthRoutes } from './modules/health/health.routes';
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
  await migrateToLatest(db);
  if (config.demoData) await seedDemoUsers(db.kysely);
  if (config.demoData) {
    await seedDemoData(db.kysely);
    await seedDemoSignatureFiles(db.kysely, path.join(config.dataDir, 'files'));
  }

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
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
  app.addHook('onClose', async () => db.close());

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
    await oidcPlugin(app, { config, db, provider });
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
  rateLimitPlugin(app, config.rateLimit.apiPerMinute);

  // 3. modules
  healthRoutes(app, { db, version: config.version });
  publicConfigRoutes(app, { config, db });
  sessionRoutes(app, db.kysely);
  const cms = cmsRoutes(app, {
    db,
    tailHandlers: [handleFileRequest],
    queryTimeoutMs: config.queryTimeoutMs,
  });
  syncRoutes(app, { db, cms, databaseUrl: config.databaseUrl });
  fileRoutes(app, { db: db.kysely, dataDir: config.dataDir });
  const approvedReports = reportRoutes(app, {
    db: db.kysely,
    localesDir: config.localesDir,
    publicUrl: config.publicUrl,
  });
  verifyRoutes(app, approvedReports);
  labelRoutes(app, { db: db.kysely, localesDir: config.localesDir, publicUrl: config.publicUrl });
  profileRoutes(app, { db: db.kysely, auth: config.auth });
  dayPlanRoutes(app, { db: db.kysely });
  shopRoutes(app, { db });
  calendarRoutes(app, {
    db: db.kysely,
    publicUrl: config.publicUrl,
    localesDir: config.localesDir,
    embedded: config.auth.embedded,
    apiPerMinute: config.rateLimit.apiPerMinute,
  });

  // 4. the app itself, and the not-found answer
  await staticPlugin(app, config.distDir);
  return { app, db, verifyToken };
}
