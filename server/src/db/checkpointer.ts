/**
 * Folds SQLite's write-ahead log back into the database file on a worker thread, so that no
 * request ever pays for it. SQLite's own auto-checkpoint runs inside the commit that crosses
 * its page limit: under steady load one sync push in ~75 waited 60 ms for everybody else's
 * writes. A PASSIVE checkpoint on a second connection neither blocks nor waits for the
 * server's readers and writer; once it has copied the whole log, the next commit starts the
 * log from the beginning again, so the file stays small.
 *
 * The worker looks at the log's size a few times a second and checkpoints once it holds more
 * than `minPages` pages (or anything at all after a quiet second).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const wal = workerData.file + '-wal';
let lastSize = 0;
let quietSince = Date.now();
const timer = setInterval(() => {
  let size = 0;
  try { size = fs.statSync(wal).size; } catch { return; }
  const now = Date.now();
  const grew = size !== lastSize;
  if (grew) { lastSize = size; quietSince = now; }
  const big = size > workerData.minBytes;
  const quiet = !grew && now - quietSince >= 1000 && size > 0;
  if (!big && !quiet) return;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: next tick */ }
}, workerData.intervalMs);
const closed = new Int32Array(workerData.closed);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  try { db.close(); } finally {
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /**
   * Stops the worker and waits (briefly, blocking) until its connection is closed: whoever
   * closes the database next — or removes its directory — is the last one holding it.
   */
  close(): void;
}

export function startCheckpointer(
  file: string,
  { minPages = 1_000, pageSize = 4_096, intervalMs = 200 } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const closed = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver, minBytes: minPages * pageSize, intervalMs, closed },
  });
  worker.unref();
  // A failing checkpointer must not end the server: SQLite's own limit still applies.
  let alive = true;
  worker.on('error', () => (alive = false));
  worker.on('exit', () => (alive = false));
  return {
    close: () => {
      worker.postMessage('close');
      if (alive) Atomics.wait(new Int32Array(closed), 0, 0, 5_000);
      void worker.terminate();
    },
  };
}
