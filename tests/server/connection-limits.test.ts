/**
 * Connections are bounded (docs/operations-limits.md), through a listening server with short
 * time-outs: an idle socket and a slow request body are closed within their time-outs, one
 * address cannot hold more than its cap of sockets while others are still served, one user
 * holds at most STREAMS_PER_USER live streams (the oldest ends), and a user's streams end as
 * soon as an administrator locks or demotes them.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_USER } from '@server/sync/events.routes';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';
import { actor } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';

const IDLE_MS = 800;
const REQUEST_MS = 1_500;
const CAP = 12;

/** Resolves with the ms until the socket closes; rejects after `ms`. */
function closedWithin(socket: net.Socket, ms: number): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - t0);
    });
  });
}

function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** An event stream whose end can be awaited. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/sync/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  let ended = false;
  const done = (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    isEnded: () => ended,
    /** Resolves once the server ended the stream; rejects after `ms`. */
    endsWithin: (ms: number) =>
      Promise.race([
        done,
        new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), ms)),
      ]),
    close: () => controller.abort(),
  };
}

describe.each(testDatabases())('connection limits on $name', ({ env }) => {
  let s: TestServer;
  let port = 0;
  let base = '';
  let admin = '';

  beforeAll(async () => {
    s = await startTestServer({
      ...env,
      HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_CONNECTIONS_PER_ADDRESS: String(CAP),
    });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as net.AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    admin = (await login(s.app, s.config, 'admin')).accessToken;
  });
  afterAll(() => s.close());

  it('closes a socket that sends nothing within the idle time-out', async () => {
    const socket = await connect(port);
    expect(await closedWithin(socket, IDLE_MS + 1_500)).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('closes a request whose body trickles in within the request time-out', async () => {
    const socket = await connect(port);
    socket.write(
      'POST /realms/hydraulik/login-actions/x/login HTTP/1.1\r\nhost: x\r\n' +
        'content-type: application/x-www-form-urlencoded\r\ncontent-length: 1000\r\n\r\n',
    );
    // A byte every 200 ms: never idle, never done.
    const drip = setInterval(() => socket.write('a'), 200);
    try {
      await closedWithin(socket, REQUEST_MS + 2_500);
    } finally {
      clearInterval(drip);
    }
  });

  it(`holds at most ${CAP} sockets per address and still serves other addresses`, async () => {
    const sockets = await Promise.all(Array.from({ length: CAP + 8 }, () => connect(port)));
    await new Promise((r) => setTimeout(r, 200));
    expect(sockets.filter((c) => c.destroyed).length).toBe(8);
    const other = await connect(port, '127.0.0.2');
    const t0 = Date.now();
    const health = await new Promise<string>((resolve) => {
      let got = '';
      other.on('data', (d: Buffer) => {
        got += d.toString();
        if (got.includes('\r\n\r\n')) resolve(got);
      });
      other.write('GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    });
    expect(health).toMatch(/^HTTP\/1.1 200/);
    expect(Date.now() - t0).toBeLessThan(100);
    for (const c of [...sockets, other]) c.destroy();
  });

  it(`lets one user hold ${STREAMS_PER_USER} live streams: a newer one ends the oldest`, async () => {
    const customer = await actor(s, { customer: DEMO_CUSTOMER_ID });
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER + 2; i++)
      streams.push(await openStream(base, customer.token));
    await streams[0]!.endsWithin(1_000);
    await streams[1]!.endsWithin(1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(streams.map((x) => x.isEnded())).toEqual([
      true,
      true,
      ...Array<boolean>(STREAMS_PER_USER).fill(false),
    ]);
    for (const x of streams) x.close();
  });

  it.each([
    ['locked', { locked: true }],
    ['demoted', { roles: ['admin-shop'] }],
  ])('ends the streams of a user at once when they are %s', async (_, change) => {
    const user = await actor(s, { roles: ['module-dguv'] });
    const stream = await openStream(base, user.token);
    const other = await openStream(base, (await actor(s, { roles: ['module-dguv'] })).token);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/cms/profile',
      headers: { authorization: `Bearer ${admin}` },
      payload: { id: user.id, ...change },
    });
    expect(res.statusCode, res.body).toBe(200);
    await stream.endsWithin(1_000);
    expect(other.isEnded()).toBe(false);
    other.close();
  });
});
