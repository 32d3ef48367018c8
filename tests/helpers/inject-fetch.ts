/**
 * A fetch-compatible function that routes to the in-process server (`app.inject`), with
 * faults to prove the sync engine against a network that fails in the worst places:
 * - 'network-error': the request never reaches the server (offline, DNS, refused);
 * - 'fail-503': the server is "down" — answered 503 without handling the request;
 * - 'drop-response': the server HANDLES the request (commits), then the answer is lost.
 * Faults are taken from `faults.next` in order, for requests `faults.match` accepts
 * (default: every request). `calls` records what happened to each request.
 */
import type { FastifyInstance } from 'fastify';

export type Fault = 'network-error' | 'fail-503' | 'drop-response';

export interface FaultPlan {
  next: Fault[];
  match?: (method: string, path: string) => boolean;
}

export interface InjectCall {
  method: string;
  path: string;
  status: number | null;
  fault: Fault | null;
  /** The parsed answer the server gave (also when it was dropped). */
  body: unknown;
}

export type InjectFetch = ((input: string, init?: RequestInit) => Promise<Response>) & {
  calls: InjectCall[];
};

export function injectFetch(app: FastifyInstance, opts: { faults?: FaultPlan } = {}): InjectFetch {
  const calls: InjectCall[] = [];
  const fetchFn = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const plan = opts.faults;
    const fault =
      plan && (plan.match?.(method, url.pathname) ?? true) ? (plan.next.shift() ?? null) : null;
    const call: InjectCall = { method, path, status: null, fault, body: null };
    calls.push(call);
    if (fault === 'network-error') throw new TypeError('fetch failed');
    if (fault === 'fail-503') {
      call.status = 503;
      const body = { status: 503, code: 'unavailable', message: 'Service Unavailable' };
      return new Response(JSON.stringify(body), { status: 503 });
    }
    const res = await app.inject({
      method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: path,
      headers: headersOf(init.headers),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    call.status = res.statusCode;
    call.body = res.body ? (JSON.parse(res.body) as unknown) : null;
    if (fault === 'drop-response') throw new TypeError('connection reset after the request');
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  return Object.assign(fetchFn, { calls });
}

function headersOf(h: RequestInit['headers']): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  if (Array.isArray(h)) return Object.fromEntries(h);
  return { ...h };
}
