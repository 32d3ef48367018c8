/**
 * Pushes through the deployment of deploy/README.md: PostgreSQL, two instances of the compiled
 * server, HAProxy with deploy/haproxy.cfg (tests/helpers/two-instances.ts). Four devices push
 * 2 000 hose creates together in batches of 200, once straight to one instance and once
 * through the balancer to both, alternately twice after a warm-up; the best of each counts.
 * Budget: through the balancer at least 0.6 × what one instance takes alone in the same run —
 * the balancer's hop and the shared database may cost, but must not halve the throughput. On a
 * two-core machine the instances share the cores, so no gain is expected here.
 */
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../src/domain/ids';
import type { Mutation, PushResponse } from '../src/domain/sync-contract';
import { startPostgres } from '../tests/global-setup';
import { buildServer, Deployment, haproxyBinary, signIn } from '../tests/helpers/two-instances';
import { checkBudget } from './budget';
import { report } from './bench-server';
import { freePort } from '../tests/fixtures/free-port';

const DEVICES = 4;
const PUSHES_PER_DEVICE = 3;
const BATCH = 200;
const RATIO = 0.6;

if (!haproxyBinary()) throw new Error('haproxy is not installed (apt-get install haproxy)');
const cluster = await startPostgres();
const build = buildServer();
const deployment = new Deployment({
  main: build.main,
  databaseUrl: cluster.url,
  balancerPort: await freePort(),
  instancePorts: [await freePort(), await freePort()],
  // A benchmark loads one user far past any human's rate.
  env: { RATE_LIMIT_API_PER_MINUTE: '0', LOG_LEVEL: 'error' },
});
try {
  await deployment.start();
  const { token, userId } = await signIn(deployment.url, 'buero');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (base: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const company = uuidv7();
  const manufacturer = uuidv7();
  const machine = uuidv7();
  await post(deployment.url, '/api/cms/company/create', { data: { id: company, name: 'Bench' } });
  await post(deployment.url, '/api/cms/manufacturer/create', {
    data: { id: manufacturer, name: 'Bench' },
  });
  await post(deployment.url, '/api/cms/machine/create', {
    data: { id: machine, companyId: company, manufacturerId: manufacturer, internalId: 'B-1' },
  });

  let position = 0;
  const batch = (): Mutation[] =>
    Array.from({ length: BATCH }, (_, i) => ({
      seq: i + 1,
      mutationId: uuidv7(),
      userId,
      name: 'cms.create',
      method: 'POST',
      path: '/cms/machinepart/hosepipe/create',
      body: {
        data: {
          companyId: company,
          machineId: machine,
          position: ++position,
          code: `BENCH-${position}`,
          dn: 12,
          maxPn: 350,
          length: 1000,
        },
      },
      recordId: null,
      baseVersion: null,
      changedFields: null,
      dependsOn: [],
      schemaVersion: 1,
    }));

  /** Mutations per second of DEVICES devices pushing at once to `base`. */
  const run = async (base: string, pushes = PUSHES_PER_DEVICE): Promise<number> => {
    const work = Array.from({ length: DEVICES }, () => {
      const clientId = randomUUID();
      return Array.from({ length: pushes }, (_, i) =>
        batch().map((m) => ({ ...m, seq: i * BATCH + m.seq })),
      ).map((mutations) => ({ clientId, mutations }));
    });
    const started = performance.now();
    await Promise.all(
      work.map(async (pushes) => {
        for (const body of pushes) {
          const { results } = (await post(base, '/api/sync/push', body)) as PushResponse;
          const other = results.find((r) => r.status !== 'applied');
          if (results.length !== BATCH || other) throw new Error(`push: ${JSON.stringify(other)}`);
        }
      }),
    );
    return (DEVICES * pushes * BATCH) / ((performance.now() - started) / 1000);
  };

  const [a, b] = deployment.instances;
  const direct = (port: number) => `http://127.0.0.1:${port}`;
  await run(direct(a!.port), 3);
  await run(direct(b!.port), 3);
  const one: number[] = [];
  const two: number[] = [];
  for (let i = 0; i < 2; i++) {
    one.push(await run(direct(a!.port)));
    two.push(await run(deployment.url));
  }
  const floor = Math.max(...one);
  const through = Math.max(...two);
  report('push-one-instance-pg', Math.round(floor), 'mutations/s');
  checkBudget(
    'push-two-instances-pg',
    Math.round(through),
    'mutations/s',
    { min: Math.round(floor * RATIO) },
    `${RATIO} × one instance alone`,
  );
} finally {
  await deployment.stop();
  build.remove();
  await cluster.stop();
}
