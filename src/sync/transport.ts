/**
 * The sync engine's door to the network: the push and pull calls of docs/sync.md over the app's
 * one HTTP client (lib/api/http.ts), which brings the token, the time limits and the errors
 * (no token or 401 → AuthError; unreachable or timed out → NetworkError; other non-2xx →
 * HttpError with the parsed body and Retry-After).
 *
 * Time limits: a call may take the client's 30 s in all — a big pull page on
 * a slow link needs that long to arrive — but a pull page (GET) whose answer has not even begun
 * after `ANSWER_TIMEOUT_MS` (15 s) is given up: the server builds a page in well under a second.
 */
import type { HttpClient } from '../lib/api/http';

export const ANSWER_TIMEOUT_MS = 15_000;

export interface Transport {
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
}

/**
 * `/sync/push` and `/sync/pull` under the client's `/api`. `headers`: sent with every call,
 * read at each call (the device report of docs/sync.md).
 */
export function createTransport(
  client: HttpClient,
  headers: () => Record<string, string> = () => ({}),
): Transport {
  return {
    get: (path) =>
      client.get(`/api${path}`, { answerTimeoutMs: ANSWER_TIMEOUT_MS, headers: headers() }),
    post: (path, body) => client.post(`/api${path}`, body, { headers: headers() }),
  };
}
