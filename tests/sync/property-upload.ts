/**
 * A fetch for the blob queue in the property test: multipart bodies (which
 * tests/helpers/inject-fetch.ts does not carry) are encoded as a browser would and injected
 * into the in-process server, with the same faults: 'network-error' never reaches the
 * server, 'fail-503' is answered without it, 'drop-response' is handled and the answer lost.
 */
import type { Fault } from '../helpers/inject-fetch';
import type { World } from './harness';

export interface UploadCall {
  path: string;
  status: number | null;
  fault: Fault | null;
}

export function uploadFetch(w: World, faults: Fault[] = []) {
  const calls: UploadCall[] = [];
  const fetchFn = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const fault = faults.shift() ?? null;
    const path = new URL(input).pathname;
    const call: UploadCall = { path, status: null, fault };
    calls.push(call);
    if (fault === 'network-error') throw new TypeError('fetch failed');
    if (fault === 'fail-503') {
      call.status = 503;
      return new Response('{"status":503,"code":"unavailable","message":"down"}', {
        status: 503,
      });
    }
    const req = new Request(input, { method: init.method ?? 'GET', body: init.body ?? null });
    const res = await w.s.app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...(init.headers as Record<string, string>),
        'content-type': req.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    call.status = res.statusCode;
    if (fault === 'drop-response') throw new TypeError('connection reset after the request');
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  return Object.assign(fetchFn, { calls });
}
