/**
 * `GET /api/sync/events` (issue #16 item 1): a Server-Sent Events stream that tells a signed-in
 * device "there is something new for you — pull". It carries no data (the pull feed does, cut
 * to the user's scope); a device pulls on `change`, and once on `ready` to catch up on what it
 * missed while it was not listening.
 *
 * The device opens it with fetch (the bearer token goes in the header) through the service
 * worker, which leaves /api/ calls to the network. The stream ends at the token's expiry and
 * after `STREAM_MAX_MS` at the latest; the device then opens a new one with a fresh token.
 * A comment line every 25 s keeps proxies from closing an idle stream.
 */
import type { FastifyInstance } from 'fastify';
import { isCustomerUser } from '../../../src/domain/rules/permissions';
import { requireUser } from '../plugins/auth';
import type { Announcer, Scopes } from './announcer';

export const STREAM_MAX_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;

/** Whether a change in `scopes` is visible to a user limited to `company` (null: staff). */
export function touches(scopes: Scopes, company: string | null): boolean {
  return company === null || scopes.has(null) || scopes.has(company);
}

export function eventRoutes(app: FastifyInstance, announcer: Announcer) {
  const open = new Set<() => void>();

  app.get('/api/sync/events', (req, reply) => {
    const user = requireUser(req);
    const company = isCustomerUser(user) ? user.customer : null;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n\nevent: ready\ndata: {}\n\n');
    const unsubscribe = announcer.subscribe((scopes) => {
      if (touches(scopes, company)) res.write('event: change\ndata: {}\n\n');
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const lifetime = Math.max(
      1_000,
      Math.min(STREAM_MAX_MS, user.expiresAt.getTime() - Date.now()),
    );
    const end = () => {
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(timer);
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    const timer = setTimeout(end, lifetime);
    open.add(end);
    req.raw.on('close', end);
    res.on('error', end);
  });

  app.addHook('onReady', () => announcer.ready());
  // Open streams would hold the server's close forever: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => announcer.close());
}
