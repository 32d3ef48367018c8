/**
 * A hose list's data in stages (the first screen within a second on a phone with 10 000 hoses):
 * 1. the first screen's hoses (a few dozen rows through an index, `first`), painted at once;
 * 2. their DGUV statuses (one more small read), painted;
 * 3. then all hoses (`full`) and then all their statuses.
 * Each stage starts after the previous one was painted, so the first lines and their results
 * never wait for a read and deserialisation of thousands of rows. When the first read already
 * holds every hose (a short list) there is no second read. Everything stays live; once all
 * hoses are in, the first read stops observing. While the hoses change (first screen → all,
 * or a live update), the previous statuses stay on the lines they cover.
 */
import { useEffect, useMemo, useState } from 'react';
import { pipeStatuses, type PipeStatus } from '@db/dguv-status-reads';
import type { SchlauchDb } from '@db/database';
import type { EntityRow } from '@db/entity-tables';
import { useDbQuery } from '@db/hooks';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;

/** What a stage reads: the hoses in list order and (customer list) their machines. */
export interface HoseListRead {
  pipes: Pipe[];
  machines?: Machine[];
  /** The first stage's read holds every hose (no second read needed). */
  whole?: boolean;
}

export interface HoseListData {
  /** undefined while the first hoses load. */
  read: HoseListRead | undefined;
  /** Statuses by hose id; may be those of the previous hoses until the new ones are read. */
  statuses: ReadonlyMap<string, PipeStatus> | undefined;
  /** True once `read` holds every hose (filters, counts and exports wait for it). */
  complete: boolean;
}

/** Runs `callback` once the next frame has been painted. */
function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `first` must return a prefix of what `full` returns, in the same order; `deps` name what
 * both read (as for useDbQuery).
 */
export function useHoseListData(
  first: (db: SchlauchDb) => Promise<HoseListRead>,
  full: (db: SchlauchDb) => Promise<HoseListRead>,
  deps: readonly unknown[],
): HoseListData {
  const key = JSON.stringify(deps);
  // The deps whose full read may start (set once their first stage was painted).
  const [started, setStarted] = useState<string | null>(null);
  const go = started === key;
  const all = useDbQuery((db) => (go ? full(db) : undefined), [...deps, go]);
  const done = go && all !== undefined;
  const head = useDbQuery((db) => (done ? null : first(db)), [...deps, done]);
  const read = done ? all : (head ?? undefined);
  const pipes = read?.pipes;
  const statuses = useDbQuery(
    async (db) => (pipes ? { of: pipes, byId: await pipeStatuses(db, pipes) } : undefined),
    [pipes],
  );
  const headShown = !done && head != null && statuses?.of === head.pipes;
  const whole = !done && head?.whole === true;
  useEffect(() => {
    if (go || !headShown || whole) return undefined;
    return afterPaint(() => setStarted(key));
  }, [go, headShown, whole, key]);
  return useMemo(
    () => ({ read, statuses: statuses?.byId, complete: done || whole }),
    [read, statuses, done, whole],
  );
}
