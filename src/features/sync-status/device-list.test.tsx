// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Device } from '@domain/sync-contract';
import { renderWithProviders } from '@tests/fixtures/render';
import { DeviceList } from './device-list';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function device(
  id: string,
  over: Omit<Partial<Device>, 'report'> & { report?: Partial<Device['report']> },
): Device {
  const { report, ...rest } = over;
  return {
    clientId: `0190a0b0-0000-7000-8000-00000000000${id}`,
    userId: `u-${id}`,
    userName: `User ${id}`,
    lastContactAt: ago(HOUR),
    oldestPendingAt: null,
    ...rest,
    report: {
      pending: 0,
      oldestPendingAgeMs: null,
      refused: 0,
      appVersion: '1.0.0',
      storagePersisted: 'yes',
      storageWiped: false,
      ...report,
    },
  };
}

describe('DeviceList', () => {
  it('lists problems first and says each in words', async () => {
    const devices = [
      device('1', { lastContactAt: ago(10 * 60_000) }),
      device('2', { oldestPendingAt: ago(30 * HOUR), report: { pending: 3 } }),
      device('3', { report: { storagePersisted: 'no' } }),
      device('4', { report: { storageWiped: true } }),
      device('5', { oldestPendingAt: ago(2 * HOUR), report: { pending: 1, refused: 2 } }),
    ];
    await renderWithProviders(
      <MemoryRouter>
        <h1 id="t">Devices</h1>
        <DeviceList devices={devices} showUser labelledBy="t" now={NOW} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Devices' });
    const rows = within(table).getAllByTestId('device-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'User 4',
      'User 2',
      'User 5',
      'User 3',
      'User 1',
    ]);
    expect(within(rows[0]!).getByText('Daten gelöscht')).toBeTruthy();
    expect(within(rows[1]!).getByText('Alte Arbeit nicht gesendet')).toBeTruthy();
    expect(within(rows[2]!).getByText('Abweisungen offen')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Alte Arbeit nicht gesendet')).toBeNull();
    expect(within(rows[3]!).getByText('Speicher kann gelöscht werden')).toBeTruthy();
    expect(within(rows[4]!).getByText('In Ordnung')).toBeTruthy();
  });

  it('says when the reports cannot be read', async () => {
    await renderWithProviders(<DeviceList devices={null} showUser={false} labelledBy="x" />);
    expect(screen.getByTestId('devices-unavailable').textContent).toMatch(/Server/);
  });
});
