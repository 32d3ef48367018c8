/**
 * Production start and SIGTERM (docs/operations.md "Signals"): the server compiled to
 * JavaScript runs with `node`; on SIGTERM it stops accepting, ends a live stream with the
 * reconnect hint, lets a request in flight finish, and exits 0.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT_DIR } from '@server/config';
import { actor } from '../helpers/cms';
import { startTestServer } from '../helpers/server';

const PORT = 18_000 + Math.floor(Math.random() * 2_000);
let dataDir: string;
let child: ChildProcess;
let token: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: ROOT_DIR });
  // A user and a token of the provider's keys, made in the data dir the server then runs on.
  dataDir = mkdtempSync(path.join(tmpdir(), 'sm-term-'));
  const s = await startTestServer({ DATA_DIR: dataDir, DEMO_DATA: 'off' });
  token = (await actor(s)).token;
  await s.app.close();
  child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${PORT}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('drains on SIGTERM: the stream hears "reconnect", the request in flight ends, exit 0', async () => {
  const stream = await fetch(`http://127.0.0.1:${PORT}/api/sync/events`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(stream.status).toBe(200);
  const heard = stream.text();
  // A request in flight: its body arrives in two halves, the second after the signal.
  const body = 'username=a&password=b';
  const socket = connect(PORT, '127.0.0.1');
  const answer = new Promise<string>((resolve) => {
    let got = '';
    socket.on('data', (d) => (got += d.toString()));
    socket.on('close', () => resolve(got));
    socket.on('error', () => resolve(got));
  });
  await new Promise((r) => socket.once('connect', r));
  socket.write(
    `POST /realms/hydraulik/login-actions/unknown HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
      `Connection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 200));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  child.kill('SIGTERM');
  expect(await heard).toContain('event: reconnect');
  await new Promise((r) => setTimeout(r, 300));
  expect(child.exitCode).toBeNull(); // still waiting for the request in flight
  // No new connections are accepted meanwhile.
  await expect(fetch(`http://127.0.0.1:${PORT}/api/health/live`)).rejects.toThrow();
  socket.write(body.slice(5));
  expect(await answer).toMatch(/^HTTP\/1\.1 400/);
  expect(await exited).toBe(0);
}, 60_000);
