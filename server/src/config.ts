/**
 * Server configuration from the environment (docs/operations.md). Everything has a working default so
 * that `npm start` runs the whole product on one machine with the embedded identity provider.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AuthConfig {
  /** true: our embedded OpenID Connect provider serves `/realms/<realm>`. */
  embedded: boolean;
  /** Keycloak base URL the browser uses (the embedded provider: PUBLIC_URL). */
  url: string;
  realm: string;
  clientId: string;
  /** `${url}/realms/${realm}` — the `iss` claim of every accepted token. */
  issuer: string;
  /** The `aud` every accepted access token must carry. */
  audience: string;
  /** Origins the app may be served from; redirect URIs are derived from them. */
  appOrigins: string[];
}

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  localesDir: string;
  isTestEnv: boolean;
  demoData: boolean;
  /**
   * Whose `X-Forwarded-For`/`-Proto` the server believes: false (nobody), true (any hop — only
   * when nothing but the proxy can reach the server), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  logLevel: string;
  version: string;
  auth: AuthConfig;
  rateLimit: RateLimitConfig;
  http: HttpLimits;
  /** Longest one statement of a content query may run (PostgreSQL; 503 past it). */
  queryTimeoutMs: number;
  metrics: MetricsConfig;
  /** How long a shutdown waits for in-flight requests before it gives up. */
  shutdownTimeoutMs: number;
  /** Where uploaded and generated files are kept (docs/operations.md "File store"). */
  fileStore: FileStoreConfig;
}

export type FileStoreKind = 'disk' | 'database' | 's3';

export interface S3Config {
  /** The S3 API's base URL (MinIO, Ceph RGW, Garage…); null: AWS S3 of `region`. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface FileStoreConfig {
  kind: FileStoreKind;
  /** Only for kind 's3'. */
  s3: S3Config | null;
}

/** Where `/metrics` is served (docs/operations.md "Metrics"); neither set: not at all. */
export interface MetricsConfig {
  /** `/metrics` on the app's port for `Authorization: Bearer <token>`. */
  token: string | null;
  /** A listener of its own for `/metrics`, without a token… */
  port: number | null;
  /** …bound to this address (loopback by default). */
  host: string;
}

/** Connection ceilings (docs/operations-limits.md). */
export interface HttpLimits {
  /** A socket with no bytes either way for this long is closed (open streams send a ping). */
  idleTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (slow bodies end here). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * Open connections one client address may hold (0 = no cap). Off by default behind a
   * proxy (TRUST_PROXY): every connection then comes from the proxy, which must cap instead.
   */
  connectionsPerAddress: number;
}

export interface RateLimitConfig {
  /** Failed sign-ins one client address may make per 15 minutes (0 = no limit). */
  loginFailures: number;
  /** API calls one user may make per minute (0 = no limit). */
  apiPerMinute: number;
  /** Fetches of one calendar feed link per minute (0 = no limit); apart from the API limit. */
  calendarPerMinute: number;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid ${name} ${value}`);
  return n;
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const requestTimeoutMs = count(env.HTTP_REQUEST_TIMEOUT_MS, 'HTTP_REQUEST_TIMEOUT_MS', 120_000);
  return {
    idleTimeoutMs: count(env.HTTP_IDLE_TIMEOUT_MS, 'HTTP_IDLE_TIMEOUT_MS', 60_000),
    requestTimeoutMs,
    headersTimeoutMs: Math.min(15_000, requestTimeoutMs),
    keepAliveTimeoutMs: count(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 10_000),
    connectionsPerAddress: count(
      env.HTTP_CONNECTIONS_PER_ADDRESS,
      'HTTP_CONNECTIONS_PER_ADDRESS',
      trustedProxies(env.TRUST_PROXY) === false ? 256 : 0,
    ),
  };
}

/**
 * TRUST_PROXY: `true`/`false`, or the balancers' addresses or CIDRs, comma-separated
 * (`127.0.0.1`, `10.0.0.0/8`, `loopback`): then only a request that came from one of them has its client
 * address taken from `X-Forwarded-For` — a client that reaches an instance directly cannot
 * name its own.
 */
function trustedProxies(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const named = /^(loopback|linklocal|uniquelocal)$/.test(entry);
    if (!named && !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry))
      throw new Error(`invalid TRUST_PROXY ${entry}`);
  }
  return list;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * FILE_STORE: `disk` (DATA_DIR/files, one machine), `database` (a table of the database;
 * the default on PostgreSQL, shared by every instance) or `s3` (S3_* below).
 */
export function fileStoreConfig(env: NodeJS.ProcessEnv, databaseUrl: string | null) {
  const kind = env.FILE_STORE?.trim() || (databaseUrl ? 'database' : 'disk');
  if (kind !== 'disk' && kind !== 'database' && kind !== 's3') {
    throw new Error(`invalid FILE_STORE ${kind} (disk, database or s3)`);
  }
  if (kind !== 's3') return { kind, s3: null } satisfies FileStoreConfig;
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`FILE_STORE=s3 needs ${name}`);
    return value;
  };
  return {
    kind,
    s3: {
      endpoint: env.S3_ENDPOINT?.trim() ? trimSlash(env.S3_ENDPOINT.trim()) : null,
      bucket: need('S3_BUCKET'),
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: need('S3_ACCESS_KEY'),
      secretAccessKey: need('S3_SECRET_KEY'),
      forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT?.trim())),
    },
  } satisfies FileStoreConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid PORT ${env.PORT}`);
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  const external = env.KEYCLOAK_URL ? trimSlash(env.KEYCLOAK_URL) : null;
  const realm = env.KEYCLOAK_REALM ?? 'hydraulik';
  const authUrl = external ?? publicUrl;
  const appOrigins = [
    publicUrl,
    ...(env.APP_ORIGINS ?? '')
      .split(',')
      .map((s) => trimSlash(s.trim()))
      .filter(Boolean),
  ];
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data')),
    databaseUrl: env.DATABASE_URL ?? null,
    distDir: path.resolve(env.DIST_DIR ?? path.join(ROOT_DIR, 'dist')),
    localesDir: path.join(ROOT_DIR, 'locales'),
    isTestEnv: flag(env.TEST_ENVIRONMENT, false),
    demoData: env.DEMO_DATA !== 'off',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    version: readVersion(),
    rateLimit: {
      loginFailures: count(env.RATE_LIMIT_LOGIN_FAILURES, 'RATE_LIMIT_LOGIN_FAILURES', 20),
      apiPerMinute: count(env.RATE_LIMIT_API_PER_MINUTE, 'RATE_LIMIT_API_PER_MINUTE', 1200),
      calendarPerMinute: count(
        env.RATE_LIMIT_CALENDAR_PER_MINUTE,
        'RATE_LIMIT_CALENDAR_PER_MINUTE',
        60,
      ),
    },
    http: httpLimits(env),
    queryTimeoutMs: count(env.QUERY_TIMEOUT_MS, 'QUERY_TIMEOUT_MS', 5_000) || 5_000,
    metrics: {
      token: env.METRICS_TOKEN ? env.METRICS_TOKEN : null,
      port: env.METRICS_PORT ? count(env.METRICS_PORT, 'METRICS_PORT', 0) : null,
      host: env.METRICS_HOST ?? '127.0.0.1',
    },
    shutdownTimeoutMs: count(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    fileStore: fileStoreConfig(env, env.DATABASE_URL ?? null),
    auth: {
      embedded: external === null,
      url: authUrl,
      realm,
      clientId: env.KEYCLOAK_CLIENT_ID ?? 'hydraulik-app',
      issuer: `${authUrl}/realms/${realm}`,
      audience: env.TOKEN_AUDIENCE ?? 'urn:hydraulik:api',
      appOrigins: [...new Set(appOrigins)],
    },
  };
}
