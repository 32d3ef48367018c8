// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PipeStatus } from '@db/dguv-status-reads';
import type { MachineSummary } from '@db/machine-queries';
import { renderWithProviders } from '@tests/fixtures/render';
import { MachineFacts } from './machine-facts';

describe('DGUV start facts', () => {
  it('shows the last check as a date of the language, not the stored wall time', async () => {
    const summary = {
      machine: { dguvInterval: 'YEAR', dguvIntervalCritical: 'HALFYEAR' },
    } as unknown as MachineSummary;
    const statuses = new Map([
      ['p1', { lastCheck: { checkedAt: '2026-09-28 10:00:00' } } as unknown as PipeStatus],
    ]);
    await renderWithProviders(<MachineFacts summary={summary} pipes={[]} statuses={statuses} />);
    expect(screen.queryByText('2026-09-28 10:00:00')).toBeNull();
    expect(screen.getByText(/28\.09\.2026/)).toBeTruthy();
  });
});
