/**
 * DGUV stats of the shop API (docs/api.md): `GET /api/shop/dguv-stats/{machine|customer|location}/{id}`.
 * `useServerDguvStats` asks the server while online and reports 'unavailable' offline or on
 * any failure, so the caller can show the device-computed figures instead.
 */
import { useEffect, useState } from 'react';
import type { DguvStats } from '@domain/schemas/dguv-audit';
import type { StatsScope } from '@db/dguv-status-reads';
import { useOnlineStatus } from '../network/use-online-status';
import { api } from './api';
import { HttpError } from './http-errors';

/** The shop API path of a scope: a location when given, else the customer, or the machine. */
export function dguvStatsPath(scope: StatsScope): string {
  if ('machineId' in scope) return `/api/shop/dguv-stats/machine/${scope.machineId}`;
  if (scope.locationId) return `/api/shop/dguv-stats/location/${scope.locationId}`;
  return `/api/shop/dguv-stats/customer/${scope.companyId}`;
}

export async function fetchDguvStats(scope: StatsScope, signal?: AbortSignal): Promise<DguvStats> {
  // The schema (zod) loads with the answer, not with the dashboard's first paint.
  const [data, { dguvStatsSchema }] = await Promise.all([
    api.get(dguvStatsPath(scope), { signal, timeoutMs: 10_000 }),
    import('@domain/schemas/dguv-audit'),
  ]);
  return dguvStatsSchema.parse(data);
}

/**
 * 'unsynced': the server does not know the scope yet (404 — created on this device and not
 * sent yet); 'unavailable': offline or the server did not answer.
 */
export type ServerStatsState =
  | { status: 'loading' }
  | { status: 'server'; stats: DguvStats }
  | { status: 'unavailable' }
  | { status: 'unsynced' };

/**
 * The server's figures for `scope`, fetched again when the scope, the connection or
 * `refreshKey` (e.g. the device's own figures, which change after a sync) changes.
 */
export function useServerDguvStats(
  scope: StatsScope | null,
  refreshKey: string = '',
): ServerStatsState {
  const online = useOnlineStatus();
  const key = scope ? dguvStatsPath(scope) : '';
  const [state, setState] = useState<{ key: string; value: ServerStatsState }>({
    key: '',
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (!scope || !online) return;
    const controller = new AbortController();
    fetchDguvStats(scope, controller.signal).then(
      (stats) => setState({ key, value: { status: 'server', stats } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const unsynced = err instanceof HttpError && err.status === 404;
        setState({ key, value: { status: unsynced ? 'unsynced' : 'unavailable' } });
      },
    );
    return () => controller.abort();
    // `scope` is an object literal at most call sites: its path (`key`) is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online, refreshKey]);

  if (!scope || !online) return { status: 'unavailable' };
  return state.key === key ? state.value : { status: 'loading' };
}
