// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type FetchLike } from './http';
import { AuthError, HttpError, isRetryable, NetworkError } from './http-errors';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A fetch that answers `res` and records what it was asked. */
function answering(res: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return res();
  };
  return { fetch, calls };
}

/** A fetch that never answers; it ends only when the client aborts it. */
const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    if (init.signal?.aborted) reject(init.signal.reason);
    init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
  });

const header = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

/** The rejection of `promise`, for asserting on its fields. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HTTP client: requests', () => {
  it('sends the token, JSON body and base URL, and answers the parsed JSON', async () => {
    const server = answering(() => json(201, { id: 'x1' }));
    const client = createHttpClient({
      fetch: server.fetch,
      getToken: async () => 'tok',
      baseUrl: 'https://api.example',
    });
    expect(await client.post('/api/thing', { name: 'A' })).toEqual({ id: 'x1' });
    const [{ url, init }] = server.calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://api.example/api/thing');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"A"}');
    expect(header(init, 'authorization')).toBe('Bearer tok');
    expect(header(init, 'content-type')).toBe('application/json');
    expect(header(init, 'accept')).toBe('application/json');
  });

  it('an empty or non-JSON success body is null', async () => {
    const client = createHttpClient({
      fetch: answering(() => new Response('<html>', { status: 200 })).fetch,
    });
    expect(await client.get('/api/x')).toBeNull();
    const empty = createHttpClient({
      fetch: answering(() => new Response(null, { status: 204 })).fetch,
    });
    expect(await empty.delete('/api/x')).toBeNull();
  });

  it('a multipart body goes as it is, without a JSON content type', async () => {
    const server = answering(() => json(200, { ok: true }));
    const form = new FormData();
    form.append('id', 'b1');
    const answer = await createHttpClient({ fetch: server.fetch }).send('/api/file', {
      method: 'POST',
      body: form,
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect(server.calls[0]?.init.body).toBe(form);
    expect(header(server.calls[0]?.init, 'content-type')).toBeNull();
  });

  it('a blob answer keeps status and headers; listed statuses such as 304 are answers', async () => {
    const pdf = answering(
      () => new Response(new Blob(['%PDF']), { status: 200, headers: { etag: '"a-v2"' } }),
    );
    const answer = await createHttpClient({ fetch: pdf.fetch }).blob('/api/report', {
      headers: { accept: 'application/pdf' },
    });
    expect(await answer.data.text()).toBe('%PDF');
    expect(answer.headers.get('etag')).toBe('"a-v2"');
    expect(header(pdf.calls[0]?.init, 'accept')).toBe('application/pdf');

    const notModified = answering(() => new Response(null, { status: 304 }));
    const client = createHttpClient({ fetch: notModified.fetch });
    expect((await client.blob('/api/report', { okStatuses: [304] })).status).toBe(304);
    expect(await failure(client.blob('/api/report'))).toBeInstanceOf(HttpError);
  });
});

describe('HTTP client: the token', () => {
  it('required: no token fails with AuthError and sends nothing', async () => {
    const server = answering(() => json(200, {}));
    const client = createHttpClient({
      fetch: server.fetch,
      getToken: () => null,
      auth: 'required',
    });
    expect(await failure(client.get('/api/sync/pull'))).toBeInstanceOf(AuthError);
    expect(server.calls).toHaveLength(0);
  });

  it('optional: sent without a token; a call may bring its own token or none', async () => {
    const server = answering(() => json(200, {}));
    const client = createHttpClient({ fetch: server.fetch, getToken: () => 'session' });
    await client.get('/api/a', { token: 'candidate' });
    await client.get('/api/b', { token: null });
    const anonymous = createHttpClient({ fetch: server.fetch, getToken: () => null });
    await anonymous.get('/api/c');
    expect(server.calls.map((c) => header(c.init, 'authorization'))).toEqual([
      'Bearer candidate',
      null,
      null,
    ]);
  });

  it('401 is an AuthError, never an HttpError, and not retried', async () => {
    const client = createHttpClient({
      fetch: answering(() => json(401, { status: 401, code: 'unauthorized', message: 'x' })).fetch,
      getToken: () => 'expired',
    });
    const err = await failure(client.get('/api/x'));
    expect(err).toBeInstanceOf(AuthError);
    expect(err).not.toBeInstanceOf(HttpError);
    expect(isRetryable(err)).toBe(false);
  });
});

describe('HTTP client: errors', () => {
  it('a JSON error body gives status, code, message key and field; a 4xx is not retried', async () => {
    const body = {
      status: 400,
      code: 'validation',
      message: 'validation:minLength',
      field: 'password',
    };
    const client = createHttpClient({ fetch: answering(() => json(400, body)).fetch });
    const err = await failure(client.put('/api/cms/profile', {}));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'validation:minLength',
      field: 'password',
      body,
      retryAfterMs: null,
    });
    expect(isRetryable(err)).toBe(false);
  });

  it('an error without a JSON body: code http_error, the status text or HTTP <status>', async () => {
    const gateway = createHttpClient({
      fetch: answering(() => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))
        .fetch,
    });
    expect(await failure(gateway.get('/api/x'))).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Bad Gateway',
      field: undefined,
      body: null,
    });
    const bare = createHttpClient({
      fetch: answering(() => new Response('', { status: 500 })).fetch,
    });
    const err = await failure(bare.get('/api/x'));
    expect(err).toMatchObject({ status: 500, message: 'HTTP 500' });
    expect(isRetryable(err)).toBe(true);
  });

  it('429 and 503 carry Retry-After (seconds or an HTTP date) and are retried', async () => {
    const tooMany = createHttpClient({
      fetch: answering(() => json(429, { code: 'rate_limited' }, { 'retry-after': '120' })).fetch,
    });
    const limited = await failure(tooMany.post('/api/sync/push', {}));
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 120_000 });
    expect(isRetryable(limited)).toBe(true);

    const at = new Date(Date.now() + 60_000).toUTCString();
    const down = createHttpClient({
      fetch: answering(() => json(503, {}, { 'retry-after': at })).fetch,
    });
    const unavailable = (await failure(down.get('/api/x'))) as HttpError;
    expect(unavailable.status).toBe(503);
    expect(unavailable.retryAfterMs).toBeGreaterThan(55_000);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(isRetryable(unavailable)).toBe(true);
  });

  it('no answer (refused, offline) or a body cut off is a NetworkError, retried', async () => {
    const refused = createHttpClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const err = await failure(refused.get('/api/x'));
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).cause).toBeInstanceOf(TypeError);
    expect(isRetryable(err)).toBe(true);

    const cut = new Response(
      new ReadableStream({
        start: (controller) => controller.error(new TypeError('connection reset')),
      }),
      { status: 200 },
    );
    const reset = createHttpClient({ fetch: () => Promise.resolve(cut) });
    expect(await failure(reset.get('/api/x'))).toBeInstanceOf(NetworkError);
  });

  it("the caller's abort ends the call with that abort, not a NetworkError", async () => {
    const controller = new AbortController();
    let started: () => void = () => undefined;
    const underWay = new Promise<void>((resolve) => (started = resolve));
    const client = createHttpClient({
      fetch: (url, init) => {
        started();
        return hanging(url, init);
      },
    });
    const call = failure(client.get('/api/x', { signal: controller.signal }));
    await underWay;
    controller.abort();
    const err = await call;
    expect(err).not.toBeInstanceOf(NetworkError);
    expect((err as Error).name).toBe('AbortError');
    // Aborted before it began: not sent at all.
    const server = answering(() => json(200, {}));
    const before = failure(
      createHttpClient({ fetch: server.fetch }).get('/api/x', { signal: controller.signal }),
    );
    expect(((await before) as Error).name).toBe('AbortError');
    expect(server.calls).toHaveLength(0);
  });
});

describe('HTTP client: time limits', () => {
  it('gives up after timeoutMs with a NetworkError (a TimeoutError inside)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = createHttpClient({ fetch: hanging, timeoutMs: 30_000 });
    const call = failure(client.get('/api/x'));
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    const err = await call;
    expect(err).toBeInstanceOf(NetworkError);
    expect(((err as Error).cause as Error).name).toBe('TimeoutError');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a call may set its own limit, and a limit for the answer to begin', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = createHttpClient({ fetch: hanging });
    let settled = false;
    const call = failure(client.get('/api/sync/pull', { answerTimeoutMs: 15_000 })).finally(
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toBeInstanceOf(NetworkError);

    const short = failure(client.get('/api/x', { timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await short).toBeInstanceOf(NetworkError);
  });

  it('onNoAnswer after statusTimeoutMs while the call goes on; onAnswer when it comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: (res: Response) => void = () => undefined;
    const events: string[] = [];
    const client = createHttpClient({
      fetch: () => new Promise((resolve) => (answer = resolve)),
      statusTimeoutMs: 8_000,
      onNoAnswer: () => events.push('no answer'),
      onAnswer: (status) => events.push(`answer ${status}`),
    });
    const call = client.get('/api/x');
    await vi.advanceTimersByTimeAsync(7_999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['no answer']);
    answer(json(200, { late: true }));
    expect(await call).toEqual({ late: true });
    expect(events).toEqual(['no answer', 'answer 200']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an answer in time cancels every timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onNoAnswer = vi.fn();
    const client = createHttpClient({
      fetch: answering(() => json(200, {})).fetch,
      onNoAnswer,
    });
    await client.get('/api/x', { answerTimeoutMs: 15_000 });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onNoAnswer).not.toHaveBeenCalled();
  });
});
