import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel } from './live';

/** A fetch whose event streams the test writes to; each call opens a new stream. */
function streamingFetch() {
  const streams: { push: (text: string) => void; end: () => void; headers: Headers }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    init.signal?.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // closed already
      }
    });
    streams.push({
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      headers: new Headers(init.headers),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch, streams };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LiveChannel', () => {
  let channel: LiveChannel | null = null;
  afterEach(() => {
    channel?.stop();
    vi.useRealTimers();
  });

  it('calls onChange on ready and on every change event, split across chunks', async () => {
    const { fetch, streams } = streamingFetch();
    const onChange = vi.fn();
    channel = new LiveChannel({ getToken: () => 'T', onChange, fetch });
    channel.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.headers.get('authorization')).toBe('Bearer T');
    streams[0]!.push('retry: 2000\n\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    streams[0]!.push(': ping\n\nevent: cha');
    await tick();
    expect(onChange).toHaveBeenCalledTimes(1);
    streams[0]!.push('nge\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
  });

  it('opens a new stream after one ends, and at once on reopen', async () => {
    const { fetch, streams } = streamingFetch();
    channel = new LiveChannel({ getToken: () => 'T', onChange: () => {}, fetch, retryMs: 20 });
    channel.start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.end();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    channel.reopen();
    await vi.waitFor(() => expect(streams).toHaveLength(3));
  });

  it('takes a silent stream for dead and re-opens it', async () => {
    const { fetch, streams } = streamingFetch();
    channel = new LiveChannel({
      getToken: () => 'T',
      onChange: () => {},
      fetch,
      staleMs: 50,
      retryMs: 10,
    });
    channel.start();
    await vi.waitFor(() => expect(streams.length).toBeGreaterThanOrEqual(2), { timeout: 2000 });
  });

  it('waits without a token and does not call the server', async () => {
    const { fetch } = streamingFetch();
    channel = new LiveChannel({ getToken: () => null, onChange: () => {}, fetch, retryMs: 10 });
    channel.start();
    await new Promise((r) => setTimeout(r, 60));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('backs off after failed answers', async () => {
    const fetch = vi.fn(async () => new Response('no', { status: 503 }));
    channel = new LiveChannel({
      getToken: () => 'T',
      onChange: () => {},
      fetch,
      retryMs: 20,
      maxRetryMs: 1000,
    });
    channel.start();
    await new Promise((r) => setTimeout(r, 200));
    // 0, 20, 60, 140 ms: doubling waits, not a request per tick.
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(5);
  });
});
