/**
 * The sync engine's only door to the network: one injectable `fetch` (tests inject faults),
 * a token source and a base URL. Every call carries the bearer token and a timeout, and ends
 * in data or a typed error: no token or 401 → SyncAuthError; unreachable, aborted or timed
 * out → SyncNetworkError; any other non-2xx → SyncHttpError with the parsed body.
 */
import { SyncAuthError, SyncHttpError, SyncNetworkError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  fetch: FetchLike;
  /** The current access token, or null while there is none (signed out, expired). */
  getToken: () => string | null | Promise<string | null>;
  /** Origin (and prefix) the API lives under; '' for the page's own origin. */
  baseUrl: string;
  timeoutMs?: number;
}

export interface Transport {
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
}

export function createTransport(options: TransportOptions): Transport {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const token = await options.getToken();
    if (!token) throw new SyncAuthError();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    let statusText: string;
    let retryAfter: string | null;
    try {
      const res = await options.fetch(`${options.baseUrl}/api${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      status = res.status;
      statusText = res.statusText;
      retryAfter = res.headers.get('retry-after');
      // Reading the body can fail too (connection cut mid-answer): same as no answer.
      text = await res.text();
    } catch (err) {
      throw new SyncNetworkError(err);
    }
    const data = parseJson(text);
    if (status === 401) throw new SyncAuthError();
    if (status < 200 || status >= 300) {
      const err = (data ?? {}) as { code?: unknown; message?: unknown };
      throw new SyncHttpError(
        status,
        typeof err.code === 'string' ? err.code : 'http_error',
        typeof err.message === 'string' ? err.message : statusText || `HTTP ${status}`,
        data,
        retryAfterMs(retryAfter),
      );
    }
    return data;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/** `Retry-After` as delay-seconds (what our server sends) or an HTTP date, in ms. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
