/**
 * The one HTTP client of the device: every call to our server — the sync engine's push and
 * pull, the blob queue's uploads, report PDFs, the online screens — goes through a client made
 * here. A client holds the fetch (injectable: tests inject faults), the token source, the base
 * URL and the time limits; every call carries the bearer token and ends in data or one of the
 * errors of http-errors.ts: no answer or timed out → NetworkError; 401, or no token where one
 * is required → AuthError; any other non-2xx → HttpError with the server's body and
 * Retry-After. A caller's own AbortSignal ends a call with the caller's abort, not an error.
 *
 * Time limits use plain setTimeout (tests can fake them): `timeoutMs` for the whole call,
 * answer and body; per call an `answerTimeoutMs` for the answer to begin; and `onNoAnswer`
 * after `statusTimeoutMs` without an answer (the call goes on), `onAnswer` when one begins.
 */
import { AuthError, errorOfAnswer, NetworkError } from './http-errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
/** The current access token, or null while there is none (signed out, expired). */
export type TokenSource = () => string | null | Promise<string | null>;

export const CALL_TIMEOUT_MS = 30_000;
export const STATUS_TIMEOUT_MS = 8_000;

export interface HttpClientOptions {
  /** Default: the global fetch, looked up at each call. */
  fetch?: FetchLike;
  getToken?: TokenSource;
  /** 'required': without a token a call fails with AuthError unsent (the sync);
   * 'optional' (default): it is sent without one and the server decides. */
  auth?: 'required' | 'optional';
  /** Origin the paths are resolved against; '' (default) for the page's own. */
  baseUrl?: string;
  /** Longest a call may take, answer and body together (default 30 s). */
  timeoutMs?: number;
  /** How long a call waits for an answer before `onNoAnswer` (default 8 s). */
  statusTimeoutMs?: number;
  /** A call has had no answer for `statusTimeoutMs`; it goes on (and may still succeed). */
  onNoAnswer?: () => void;
  /** The server's answer began (any HTTP status): it can be reached. */
  onAnswer?: (status: number) => void;
}

export interface CallOptions {
  method?: string;
  /** A body sent as JSON. */
  json?: unknown;
  /** A body sent as it is (a multipart upload). */
  body?: FormData | Blob;
  /** Extra headers (accept, if-none-match, …); `accept` defaults to JSON. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** This call's limit instead of the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Give up when the answer has not begun after this long (a pull page). */
  answerTimeoutMs?: number;
  /** This token instead of the client's (checking a new sign-in); null sends none. */
  token?: string | null;
  /** Statuses besides 2xx that are answers, not errors (304 of a conditional GET). */
  okStatuses?: readonly number[];
}

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  data: T;
}

export interface HttpClient {
  /** The whole answer with its JSON body (null when empty or not JSON). */
  send(path: string, options?: CallOptions): Promise<HttpAnswer<unknown>>;
  /** Only the JSON body of `send`. */
  json(path: string, options?: CallOptions): Promise<unknown>;
  /** The whole answer with its body as a Blob (PDFs, files). */
  blob(path: string, options?: CallOptions): Promise<HttpAnswer<Blob>>;
  get(path: string, options?: CallOptions): Promise<unknown>;
  post(path: string, json: unknown, options?: CallOptions): Promise<unknown>;
  put(path: string, json: unknown, options?: CallOptions): Promise<unknown>;
  delete(path: string, options?: CallOptions): Promise<unknown>;
}

/** Runs `fn` after `ms` unless cancelled. */
function after(ms: number, fn: () => void): () => void {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
}

export function createHttpClient(settings: HttpClientOptions = {}): HttpClient {
  async function call<T>(
    path: string,
    options: CallOptions,
    read: (res: Response) => Promise<T>,
  ): Promise<HttpAnswer<T>> {
    const token =
      options.token !== undefined ? options.token : ((await settings.getToken?.()) ?? null);
    if (!token && settings.auth === 'required') throw new AuthError();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    const controller = new AbortController();
    const timedOut = () => controller.abort(new DOMException('no answer in time', 'TimeoutError'));
    const cancelled = () => controller.abort(options.signal?.reason);
    options.signal?.throwIfAborted();
    options.signal?.addEventListener('abort', cancelled);
    const stopCall = after(options.timeoutMs ?? settings.timeoutMs ?? CALL_TIMEOUT_MS, timedOut);
    const stopWaiting = [
      ...(settings.onNoAnswer
        ? [after(settings.statusTimeoutMs ?? STATUS_TIMEOUT_MS, settings.onNoAnswer)]
        : []),
      ...(options.answerTimeoutMs ? [after(options.answerTimeoutMs, timedOut)] : []),
    ];
    const fetchFn = settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
    let res: Response;
    let data: T | undefined;
    let failure: string | undefined;
    try {
      res = await fetchFn(`${settings.baseUrl ?? ''}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.json !== undefined ? JSON.stringify(options.json) : (options.body ?? null),
        signal: controller.signal,
      });
      stopWaiting.forEach((stop) => stop());
      settings.onAnswer?.(res.status);
      // Reading the body can fail too (connection cut mid-answer): same as no answer.
      if (isAnswer(res.status, options)) data = await read(res);
      else failure = await res.text();
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new NetworkError(err);
    } finally {
      stopCall();
      stopWaiting.forEach((stop) => stop());
      options.signal?.removeEventListener('abort', cancelled);
    }
    if (res.status === 401) throw new AuthError();
    if (failure !== undefined) {
      const body = parseJson(failure);
      throw errorOfAnswer(res.status, res.statusText, body, res.headers.get('retry-after'));
    }
    return { status: res.status, headers: res.headers, data: data as T };
  }

  const send = (path: string, options: CallOptions = {}) =>
    call(path, options, async (res) => parseJson(await res.text()));
  const json = async (path: string, options: CallOptions = {}) => (await send(path, options)).data;
  return {
    send,
    json,
    blob: (path, options = {}) => call(path, options, (res) => res.blob()),
    get: (path, options) => json(path, { ...options, method: 'GET' }),
    post: (path, body, options) => json(path, { ...options, method: 'POST', json: body }),
    put: (path, body, options) => json(path, { ...options, method: 'PUT', json: body }),
    delete: (path, options) => json(path, { ...options, method: 'DELETE' }),
  };
}

function isAnswer(status: number, options: CallOptions): boolean {
  if (status === 401) return false;
  return (status >= 200 && status < 300) || (options.okStatuses?.includes(status) ?? false);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
