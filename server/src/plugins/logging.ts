/**
 * The server log (pino through Fastify): one JSON line per request (`requestLogPlugin`), and
 * never a credential: the
 * request serializer masks token-bearing query parameters in the URL, and pino's redaction
 * masks the Authorization and Cookie headers wherever a log line includes them.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Metrics } from './metrics';

/** Where log lines go (default stdout); tests pass a stream that collects them. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Query parameters that carry a credential or bind one: `?access_token=` downloads, the
 * calendar feed's `token`, OIDC logout hints, and an authorization response
 * (`response_mode=query` sends `code`, `state` and `session_state` to the app's page) — also
 * the OAuth request parameters a client may put in a URL (`code_verifier`, `client_secret`,
 * `password`, `assertion`s, device and subject tokens).
 */
const SECRET_PARAMS =
  /([?&](?:access_token|id_token|id_token_hint|refresh_token|token|code|state|session_state|code_verifier|client_secret|client_assertion|assertion|password|device_code|user_code|subject_token|actor_token|logout_token|ticket)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        host: string;
        ip: string;
        socket?: { remotePort?: number };
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}

/**
 * Request ids unique across instances: a random prefix per process and a counter
 * (`3f9a1c2e-17`). An `X-Request-Id` the balancer sent is kept, so one id follows a request
 * through the proxy's log and ours; the answer carries it back.
 */
export function requestIds(): (req: { headers: IncomingHttpHeaders }) => string {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given)) return given;
    return `${prefix}-${++n}`;
  };
}

/**
 * One JSON line per request when its answer has gone out (or the client went away): method,
 * route template (not the URL, which may carry ids and tokens), status, duration in ms, the
 * signed-in user's id and the request id; the same moment feeds the request metrics. Hijacked
 * answers (the identity provider, live streams) are covered too.
 */
export function requestLogPlugin(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const started = process.hrtime.bigint();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = req.routeOptions.url ?? 'unmatched';
      const status = reply.raw.headersSent ? reply.raw.statusCode : 499;
      metrics.requests.inc({ method: req.method, route, status: String(status) });
      metrics.latency.observe({ method: req.method, route }, ms / 1000);
      req.log.info(
        {
          method: req.method,
          route,
          status,
          durationMs: Math.round(ms * 10) / 10,
          userId: req.authUser?.id ?? null,
        },
        'request',
      );
    };
    reply.raw.once('finish', finish);
    reply.raw.once('close', finish);
  });
}
