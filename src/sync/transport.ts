/**
 * The sync engine's only door to the network: one injectable `fetch` (tests inject faults),
 * a token source and a base URL. Every call carries the bearer token and a timeout, and ends
 * in data or a typed error: no token or 401 → SyncAuthError; unreachable, aborted or timed
 * out → SyncNetworkError; any other non-2xx → SyncHttpError with the parsed body.
 *
 * Time limits (issue #14 item 4): a call may take `timeoutMs` (30 s) in all — a big pull page
 * on a slow link needs that long to arrive — but a pull page (GET) whose answer has not even
 * begun after `answerTimeoutMs` (15 s) is given up: the server builds a page in well under a
 * second. Apart from both, `onNoAnswer` runs once a call has waited `statusTimeoutMs` (8 s) for
 * an answer, and `onAnswer` when one begins, so the status can say "unreachable" long before
 * the call gives up — and take it back when a slow answer does arrive.
 */
import { SyncAuthError, SyncHttpError, SyncNetworkError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  fetch: FetchLike;
  /** The current access token, or null while there is none (signed out, expired). */
  getToken: () => string | null | Promise<string | null>;
  /** Origin (and prefix) the API lives under; '' for the page's own origin. */
  baseUrl: string;
  /** Longest a call may take, answer and body together (default 30 s). */
  timeoutMs?: number;
  /** Longest a GET (a pull page) waits for its answer to begin (default 15 s). */
  answerTimeoutMs?: number;
  /** How long a call waits for an answer before `onNoAnswer` (default 8 s). */
  statusTimeoutMs?: number;
  /** A call has had no answer for `statusTimeoutMs`; it goes on (and may still succeed). */
  onNoAnswer?: () => void;
  /** The server's answer began (any HTTP status): it can be reached. */
  onAnswer?: (status: number) => void;
}

export const CALL_TIMEOUT_MS = 30_000;
export const ANSWER_TIMEOUT_MS = 15_000;
export const STATUS_TIMEOUT_MS = 8_000;

/** Runs `fn` after `ms` unless cancelled (plain timers, so tests can fake them). */
function after(ms: number, fn: () => void): () => void {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
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
    const controller = new AbortController();
    const abort = () => controller.abort(new DOMException('no answer in time', 'TimeoutError'));
    const stopCall = after(options.timeoutMs ?? CALL_TIMEOUT_MS, abort);
    const stopWaiting = [
      after(options.statusTimeoutMs ?? STATUS_TIMEOUT_MS, () => options.onNoAnswer?.()),
      ...(method === 'GET' ? [after(options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS, abort)] : []),
    ];
    try {
      const res = await options.fetch(`${options.baseUrl}/api${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: controller.signal,
      });
      stopWaiting.forEach((stop) => stop());
      options.onAnswer?.(res.status);
      status = res.status;
      statusText = res.statusText;
      retryAfter = res.headers.get('retry-after');
      // Reading the body can fail too (connection cut mid-answer): same as no answer.
      text = await res.text();
    } catch (err) {
      throw new SyncNetworkError(err);
    } finally {
      stopCall();
      stopWaiting.forEach((stop) => stop());
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
