// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dguvStatsPath, fetchDguvStats, useServerDguvStats } from './dguv-stats';

const fetchMock = vi.fn<typeof fetch>();
const body = { checkedPipes: 3, totelPipes: 4, errorPipes: 1, warningPipes: 0, successPipes: 2 };
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setOnline(true);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('dguv-stats API', () => {
  it('picks the machine, location or customer path', () => {
    expect(dguvStatsPath({ machineId: 'm' })).toBe('/api/shop/dguv-stats/machine/m');
    expect(dguvStatsPath({ companyId: 'c', locationId: 'l' })).toBe(
      '/api/shop/dguv-stats/location/l',
    );
    expect(dguvStatsPath({ companyId: 'c', locationId: null })).toBe(
      '/api/shop/dguv-stats/customer/c',
    );
  });

  it('parses the server figures', async () => {
    fetchMock.mockResolvedValue(json(body));
    expect(await fetchDguvStats({ machineId: 'm' })).toEqual(body);
  });

  it('the hook reports the server figures, or unavailable on failure / offline', async () => {
    fetchMock.mockResolvedValueOnce(json(body));
    const ok = renderHook(() => useServerDguvStats({ machineId: 'm1' }));
    await waitFor(() => expect(ok.result.current).toEqual({ status: 'server', stats: body }));

    fetchMock.mockResolvedValueOnce(json({ status: 500, code: 'x', message: 'x' }, 500));
    const failed = renderHook(() => useServerDguvStats({ machineId: 'm2' }));
    await waitFor(() => expect(failed.result.current).toEqual({ status: 'unavailable' }));

    setOnline(false);
    const offline = renderHook(() => useServerDguvStats({ companyId: 'c' }));
    expect(offline.result.current).toEqual({ status: 'unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
