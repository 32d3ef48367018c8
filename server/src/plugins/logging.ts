/**
 * The server log (pino through Fastify) never carries a credential: the
 * request serializer masks token-bearing query parameters in the URL, and pino's redaction
 * masks the Authorization and Cookie headers wherever a log line includes them.
 */
import type { FastifyServerOptions } from 'fastify';

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
