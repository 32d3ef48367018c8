/** The one place the client talks HTTP to our server: JSON, bearer token, typed errors. */
import { apiErrorSchema, type ApiError } from '../../domain/schemas/api-error';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  constructor(body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = body.status;
    this.code = body.code;
    this.field = body.field;
  }
}

/** Thrown when the server could not be reached at all (offline, DNS, refused, timeout). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network unreachable', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new NetworkError(err);
  }
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    throw new ApiRequestError(
      parsed.success
        ? parsed.data
        : { status: res.status, code: 'http_error', message: res.statusText || 'error' },
    );
  }
  return data as T;
}
