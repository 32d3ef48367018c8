/**
 * `GET /api/sync/events`: a Server-Sent Events stream that tells a signed-in
 * device "there is something new for you — pull". It carries no data (the pull feed does, cut
 * to the user's scope); a device pulls on `change`, and once on `ready` to catch up on what it
 * missed while it was not listening.
 *
 * The device opens it with fetch (the bearer token goes in the header) through the service
 * worker, which leaves /api/ calls to the network. The stream ends at the token's expiry and
 * after `STREAM_MAX_MS` at the latest; the device then opens a new one with a fresh token.
 * A comment line every 20 s keeps proxies (and the server's own idle time-out) from closing
 * an idle stream.
 *
 * Bounded (docs/operations-limits.md): one user holds at most `STREAMS_PER_USER` streams — a
 * new one ends the user's oldest — and a user's streams end as soon as the users table says
 * they are locked, deleted, or have other roles or another customer than when the stream was
 * opened: at once after a change on this instance (the user-state cache is cleared), else
 * within `RECHECK_MS` plus the cache's lifetime.
 */
import type { FastifyInstance } from 'fastify';
import { isCustomerUser } from '@domain/rules/permissions';
import { requireUser, type AuthUser } from '../plugins/auth';
import type { UserStateCache } from '../modules/users/user-state';
import type { Announcer, Scopes } from './announcer';

export const STREAM_MAX_MS = 10 * 60_000;
const HEARTBEAT_MS = 20_000;
/** Streams one user may hold: a phone, a tablet and a few desktop tabs, say. */
export const STREAMS_PER_USER = 5;
/** What a stream hears last when the server shuts down: reconnect after a second. */
export const SHUTDOWN_HINT = 'retry: 1000\nevent: reconnect\ndata: {}\n\n';
/** How often the users table is asked whether the holders of open streams may still listen. */
const RECHECK_MS = 15_000;

interface OpenStream {
  user: AuthUser;
  end: () => void;
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Ends the streams whose user is no longer what it was when the stream was opened. */
async function recheck(byUser: Map<string, OpenStream[]>, states: UserStateCache) {
  for (const [id, streams] of [...byUser]) {
    const state = await states.get(id).catch(() => null);
    if (!state) continue;
    for (const stream of [...streams]) {
      const { roles, customer } = stream.user;
      if (
        state.status !== 'active' ||
        !sameRoles(state.roles, roles) ||
        state.customerId !== (customer ?? null)
      ) {
        stream.end();
      }
    }
  }
}

/** Whether a change in `scopes` is visible to a user limited to `company` (null: staff). */
export function touches(scopes: Scopes, company: string | null): boolean {
  return company === null || scopes.has(null) || scopes.has(company);
}

export function eventRoutes(app: FastifyInstance, announcer: Announcer) {
  const open = new Set<(last?: string) => void>();
  /** Each user's open streams, oldest first. */
  const byUser = new Map<string, OpenStream[]>();

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
    const end = (last?: string) => {
      if (last && !res.writableEnded) res.write(last);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(timer);
      open.delete(end);
      app.metrics.liveStreams.set(open.size);
      const mine = (byUser.get(user.id) ?? []).filter((s) => s.end !== end);
      if (mine.length) byUser.set(user.id, mine);
      else byUser.delete(user.id);
      if (!res.writableEnded) res.end();
    };
    const timer = setTimeout(() => end(), lifetime);
    open.add(end);
    app.metrics.liveStreams.set(open.size);
    const mine = [...(byUser.get(user.id) ?? []), { user, end }];
    byUser.set(user.id, mine);
    // Over the cap: the oldest streams end (their devices have most likely gone).
    for (const old of mine.slice(0, Math.max(0, mine.length - STREAMS_PER_USER))) old.end();
    req.raw.on('close', () => end());
    res.on('error', () => end());
  });

  const states = app.userStates;
  if (states) {
    let running = false;
    let again = false;
    const check = () => {
      if (running) {
        again = true; // a change made during a check is looked at once more
        return;
      }
      if (byUser.size === 0) return;
      running = true;
      void recheck(byUser, states).finally(() => {
        running = false;
        if (again) {
          again = false;
          check();
        }
      });
    };
    const stopListening = states.onClear(check);
    const every = setInterval(check, RECHECK_MS);
    every.unref();
    app.addHook('onClose', async () => {
      stopListening();
      clearInterval(every);
    });
  }

  app.addHook('onReady', () => announcer.ready());
  // Open streams would hold the server's close forever: end them first, each with the hint
  // to reconnect soon (to another instance, behind a balancer).
  app.addHook('preClose', async () => {
    for (const end of [...open]) end(SHUTDOWN_HINT);
  });
  app.addHook('onClose', async () => announcer.close());
}
