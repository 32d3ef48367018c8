/**
 * An open-loop load: requests arrive as independent users' requests do, at random moments
 * (exponential gaps, Poisson arrivals at `rate` per second), whether or not earlier ones were
 * answered. Each latency counts from the moment its request was due, not from when a free
 * connection sent it, so a stalled server is not hidden by a waiting client. The generator runs
 * in a worker thread: it does not share the server's event loop.
 *
 * Why not autocannon's `overallRate`: it lets every connection send its share of a second's
 * requests back to back at the start of each second and then idles, so "60 % of capacity"
 * is a full-capacity burst for 0.6 s of every second — a queue no user's requests form
 * (bench/README.md, "Load").
 */
import { Worker } from 'node:worker_threads';

export interface OpenLoopResult {
  p50: number;
  p99: number;
  max: number;
  total: number;
  errors: number;
  non2xx: number;
}

export interface OpenLoopOptions {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Requests per second, on average. */
  rate: number;
  seconds: number;
  /** Seeds the arrival times, so that two runs send the same schedule. */
  seed?: number;
}

// Plain JavaScript, evaluated in the worker: no loader needed there.
const WORKER = `
const { parentPort, workerData: o } = require('node:worker_threads');
let s = o.seed >>> 0 || 1;
const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 4294967296;
const latencies = [];
let errors = 0, non2xx = 0, pending = 0, done = false;
const t0 = performance.now();
const end = t0 + o.seconds * 1000;
let due = t0;
function send(at) {
  pending += 1;
  fetch(o.url, { method: o.method, headers: o.headers, body: o.body })
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.status < 200 || res.status > 299) non2xx += 1;
      latencies.push(performance.now() - at);
    })
    .catch(() => { errors += 1; })
    .finally(() => { pending -= 1; if (done && pending === 0) finish(); });
}
function finish() {
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  parentPort.postMessage({ p50: q(0.5), p99: q(0.99), max: latencies.at(-1) ?? 0,
    total: latencies.length, errors, non2xx });
}
function tick() {
  const now = performance.now();
  while (due <= now && due < end) {
    send(due);
    due += (-Math.log(random()) / o.rate) * 1000;
  }
  if (due < end) setTimeout(tick, Math.max(0, due - performance.now()));
  else { done = true; if (pending === 0) finish(); }
}
tick();
`;

export function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { seed: 1, ...options } });
    worker.once('message', (result: OpenLoopResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
