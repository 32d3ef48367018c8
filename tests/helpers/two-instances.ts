/**
 * The deployment of deploy/README.md on this machine: the server compiled to JavaScript, two
 * instances as two processes (each with its own data directory, as on two machines) on one
 * PostgreSQL database, and Debian's HAProxy in the foreground with deploy/haproxy.cfg in front.
 * Used by the two-instance test and the two-instance push benchmark; no vitest in here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CookieJar } from './oidc-login';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy', 'haproxy.cfg');

/** Debian's haproxy, or null where it is not installed. */
export function haproxyBinary(): string | null {
  for (const p of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * Compiles the server (scripts/build-server.ts) into a directory of its own under dist/, so a
 * build of `dist/server` running at the same time is not disturbed. Returns its main.js.
 */
export function buildServer(): { main: string; remove: () => void } {
  const dir = path.join(ROOT, 'dist', `server-${randomBytes(4).toString('hex')}`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', path.relative(ROOT, dir)],
    { cwd: ROOT, stdio: 'pipe' },
  );
  return {
    main: path.join(dir, 'main.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Instance {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** The prefix of the request ids this process gives (logging.ts): who answered a request. */
  prefix: string;
  /** Its last output lines, for a failure's message. */
  output: string[];
}

function keepOutput(child: ChildProcess, into: string[]) {
  const add = (chunk: Buffer) => {
    into.push(...chunk.toString().split('\n').filter(Boolean));
    if (into.length > 200) into.splice(0, into.length - 200);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, alive: () => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (!alive()) throw new Error(`${what} exited`);
    if (Date.now() > deadline) throw new Error(`${what} did not come up`);
    await sleep(100);
  }
}

/** `name` in pg_stat_activity (application_name): which instance holds a connection. */
export function withApplicationName(databaseUrl: string, name: string): string {
  const u = new URL(databaseUrl);
  u.searchParams.set('application_name', name);
  return u.toString();
}

export interface Answer {
  res: Response;
  body: Buffer;
  by: Instance | null;
}

export interface DeploymentOptions {
  main: string;
  databaseUrl: string;
  balancerPort: number;
  instancePorts: [number, number];
  /** Extra environment of both instances. */
  env?: Record<string, string>;
}

export class Deployment {
  readonly url: string;
  readonly instances: Instance[] = [];
  private haproxy: ChildProcess | null = null;
  readonly haproxyOutput: string[] = [];

  constructor(private readonly o: DeploymentOptions) {
    this.url = `http://127.0.0.1:${o.balancerPort}`;
  }

  /** Both instances at once (on an empty database too), then the balancer. */
  async start(): Promise<void> {
    const names = ['sm-a', 'sm-b'];
    await Promise.all(
      this.o.instancePorts.map(async (port, i) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `${names[i]}-`));
        const instance: Instance = {
          name: names[i]!,
          port,
          dataDir,
          child: null as unknown as ChildProcess,
          prefix: '',
          output: [],
        };
        this.instances[i] = instance;
        await this.run(instance);
      }),
    );
    const bin = haproxyBinary();
    if (!bin) throw new Error('haproxy is not installed');
    const [a, b] = this.instances;
    this.haproxy = spawn(bin, ['-db', '-f', HAPROXY_CONFIG], {
      env: {
        ...process.env,
        SM_BIND: `127.0.0.1:${this.o.balancerPort}`,
        SM_APP1: `127.0.0.1:${a!.port}`,
        SM_APP2: `127.0.0.1:${b!.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    keepOutput(this.haproxy, this.haproxyOutput);
    // Up when requests through it reach both instances.
    const seen = new Set<string>();
    await waitFor(
      'haproxy',
      async () => {
        const { by } = await this.request('/api/health/live');
        if (by) seen.add(by.name);
        return seen.size === 2;
      },
      () => this.haproxy?.exitCode === null,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${this.haproxyOutput.join('\n')}`);
    });
  }

  /** Starts (or starts again) an instance's process on its port and data directory. */
  async run(instance: Instance): Promise<void> {
    const child = spawn(process.execPath, [this.o.main], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.url,
        DATA_DIR: instance.dataDir,
        DIST_DIR: path.join(instance.dataDir, 'no-dist'),
        DATABASE_URL: withApplicationName(this.o.databaseUrl, instance.name),
        // Files in the database, so that every instance serves every file (deploy/README.md).
        FILE_STORE: 'database',
        // Only the balancer on this machine may name the client's address.
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...this.o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    instance.child = child;
    keepOutput(child, instance.output);
    const direct = `http://127.0.0.1:${instance.port}`;
    await waitFor(
      instance.name,
      async () => {
        const res = await fetch(`${direct}/api/health/ready`);
        if (!res.ok) return false;
        instance.prefix = (res.headers.get('x-request-id') ?? '').split('-')[0] ?? '';
        return instance.prefix !== '';
      },
      () => child.exitCode === null && child.signalCode === null,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${instance.output.join('\n')}`);
    });
  }

  /** The instance that answered, by the request id it gave. */
  servedBy(res: Response): Instance | null {
    const prefix = (res.headers.get('x-request-id') ?? '').split('-')[0];
    return this.instances.find((i) => i.prefix === prefix) ?? null;
  }

  /** A request through the balancer, read whole, with the instance that answered it. */
  async request(url: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(`${this.url}${url}`, init);
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body, by: this.servedBy(res) };
  }

  /**
   * Round robin sends the next request to `target` once one went to the other instance: asks
   * the balancer until it does. Only for a test that is the balancer's single client.
   */
  async steerTo(target: Instance): Promise<void> {
    for (let i = 0; i < 6; i++) {
      const { by } = await this.request('/api/health/live');
      if (by && by !== target) return;
    }
    throw new Error(`the balancer never answered from another instance than ${target.name}`);
  }

  /** kill -9: no shutdown, no drain. */
  kill(instance: Instance): Promise<void> {
    const child = instance.child;
    return new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    const all = [...this.instances.map((i) => i?.child), this.haproxy].filter(
      (c): c is ChildProcess => Boolean(c),
    );
    await Promise.all(
      all.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
    for (const i of this.instances) if (i) rmSync(i.dataDir, { recursive: true, force: true });
  }
}

export interface LoginPage {
  jar: CookieJar;
  /** The login form's URL (its action). */
  action: string;
  verifier: string;
  redirectUri: string;
}

const REALM = '/realms/hydraulik';
const CLIENT_ID = 'hydraulik-app';

/**
 * Opens the embedded provider's login page over HTTP as a browser with keycloak-js does: the
 * authorization request (code flow, PKCE S256, response in the fragment), then the form.
 */
export async function openLoginPage(base: string): Promise<LoginPage> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${base}/auth/login`;
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const auth = await fetch(`${base}${REALM}/protocol/openid-connect/auth?${params}`, {
    redirect: 'manual',
  });
  jar.store(auth);
  const action = new URL(auth.headers.get('location') ?? '', base).toString();
  const page = await fetch(action, { headers: { cookie: jar.header() }, redirect: 'manual' });
  jar.store(page);
  if (page.status !== 200) throw new Error(`login page: ${page.status}`);
  await page.text();
  return { jar, action, verifier, redirectUri };
}

/** Posts the login form; the answer is a redirect (signed in) or the page again. */
export async function submitLogin(
  page: LoginPage,
  username: string,
  password: string,
): Promise<{ status: number; body: string; location: string | null }> {
  const res = await fetch(page.action, {
    method: 'POST',
    headers: {
      cookie: page.jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username, password }).toString(),
    redirect: 'manual',
  });
  page.jar.store(res);
  return { status: res.status, body: await res.text(), location: res.headers.get('location') };
}

/** Signs in with the code flow through `base`; returns the access token and the user's id. */
export async function signIn(
  base: string,
  username: string,
  password = 'demo',
): Promise<{ token: string; userId: string }> {
  const page = await openLoginPage(base);
  const submitted = await submitLogin(page, username, password);
  if (submitted.status !== 303 || !submitted.location) {
    throw new Error(`sign-in of ${username}: ${submitted.status}`);
  }
  let location = new URL(submitted.location, base).toString();
  for (let i = 0; i < 6 && !location.startsWith(page.redirectUri); i++) {
    const hop = await fetch(location, {
      headers: { cookie: page.jar.header() },
      redirect: 'manual',
    });
    page.jar.store(hop);
    await hop.arrayBuffer();
    location = new URL(hop.headers.get('location') ?? '', base).toString();
  }
  const code = new URLSearchParams(location.split('#')[1] ?? '').get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await fetch(`${base}${REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: page.redirectUri,
      client_id: CLIENT_ID,
      code_verifier: page.verifier,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token exchange: ${token.status}`);
  const claims = JSON.parse(
    Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string };
  return { token: body.access_token, userId: claims.sub };
}
