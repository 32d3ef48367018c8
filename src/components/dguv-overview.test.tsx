// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DguvStats } from '../domain/schemas/dguv-audit';
import type { ServerStatsState } from '../lib/api/dguv-stats';
import { renderWithProviders } from '@tests/fixtures/render';
import { DguvOverview } from './dguv-overview';

const device = vi.hoisted(() => ({ stats: null as DguvStats | null | undefined }));
const server = vi.hoisted(() => ({ state: { status: 'loading' } as ServerStatsState }));
vi.mock('../db/hooks', () => ({ useDguvStats: () => device.stats }));
vi.mock('../lib/api/dguv-stats', () => ({ useServerDguvStats: () => server.state }));

const stats = (
  s: number,
  w: number,
  e: number,
  total: number,
  inInterval = s + w + e,
): DguvStats => ({
  successPipes: s,
  warningPipes: w,
  errorPipes: e,
  checkedPipes: inInterval,
  totelPipes: total,
});
const figure = (color: string) => screen.getByTestId(`dguv-figure-${color}`).textContent;

beforeEach(() => {
  device.stats = stats(1, 0, 0, 2);
  server.state = { status: 'loading' };
});

describe('DguvOverview', () => {
  it('shows the server figures as a chart with a legend when online', async () => {
    server.state = { status: 'server', stats: stats(5, 2, 1, 10) };
    await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(figure('green')).toContain('5');
    expect(figure('orange')).toContain('2');
    expect(figure('red')).toContain('1');
    expect(figure('gray')).toContain('2');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'DGUV-Ergebnisse von 10 Schläuchen – In Ordnung: 5 · Warnung: 2 · Mangel: 1 · Noch nie geprüft: 2',
    );
    expect(screen.getByText('8 von 10 Schläuchen im Prüfintervall geprüft')).toBeTruthy();
    expect(screen.getByTestId('dguv-overview-source').textContent).toBe('Zahlen vom Server');
    // The ring: a track, then one arc per share, each starting where the one before ended.
    const arcs = [...screen.getByRole('img').querySelectorAll('circle')].map((c) => ({
      share: Number(c.getAttribute('stroke-dasharray')!.split(' ')[0]),
      start: -Number(c.getAttribute('stroke-dashoffset')),
      color: c.getAttribute('stroke'),
    }));
    const whole = arcs[0]!.share;
    expect(arcs.map((a) => [a.color, a.share / whole, a.start / whole])).toEqual(
      [
        ['var(--mantine-color-gray-2)', 1, 0],
        ['var(--mantine-color-green-filled)', 0.5, 0],
        ['var(--mantine-color-orange-filled)', 0.2, 0.5],
        ['var(--mantine-color-red-filled)', 0.1, 0.7],
        ['var(--mantine-color-gray-filled)', 0.2, 0.8],
      ].map(([c, s, st]) => [c, expect.closeTo(s as number, 6), expect.closeTo(st as number, 6)]),
    );
  });

  it('adds up: within the interval, due again and never checked make the total', async () => {
    // 19 + 4 + 9 = 32 with a result, 30 of them within their interval, 31 never checked.
    server.state = { status: 'server', stats: stats(19, 4, 9, 63, 30) };
    await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(figure('gray')).toContain('31');
    expect(figure('gray')).toContain('Noch nie geprüft');
    expect(
      screen.getByText('30 von 63 Schläuchen im Prüfintervall geprüft · 2 Prüfungen wieder fällig'),
    ).toBeTruthy();
  });

  it('counts in the singular for one', async () => {
    server.state = { status: 'server', stats: stats(0, 0, 0, 1) };
    await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(screen.getByText('0 von 1 Schlauch im Prüfintervall geprüft')).toBeTruthy();
  });

  it('falls back to the figures computed on the device and says so', async () => {
    server.state = { status: 'unavailable' };
    await renderWithProviders(<DguvOverview scope={{ companyId: 'c1' }} />);
    expect(figure('green')).toContain('1');
    expect(figure('gray')).toContain('1');
    expect(screen.getByTestId('dguv-overview-source').textContent).toMatch(
      /Auf diesem Gerät berechnet/,
    );
  });

  it('says when the server does not know the scope yet instead of blaming the network', async () => {
    server.state = { status: 'unsynced' };
    await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(screen.getByTestId('dguv-overview-source').textContent).toBe(
      'Auf diesem Gerät berechnet (noch nicht an den Server übertragen)',
    );
  });

  it('says when there are no hoses, and shows a skeleton while loading', async () => {
    device.stats = stats(0, 0, 0, 0);
    server.state = { status: 'unavailable' };
    const { unmount } = await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(screen.getByText('Noch keine Schläuche erfasst.')).toBeTruthy();
    unmount();
    device.stats = undefined;
    await renderWithProviders(<DguvOverview scope={{ machineId: 'm1' }} />);
    expect(screen.queryByTestId('dguv-overview-source')).toBeNull();
  });
});
