// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@tests/fixtures/render';
import { pipeRow } from '@tests/fixtures/sync';
import { toHoseRow, type Pipe } from './hose-filters';
import { HoseList } from './hose-list';

const N = 10_000;
const rows = Array.from({ length: N }, (_, i) =>
  toHoseRow(
    pipeRow({
      id: `p${i}`,
      companyId: 'c1',
      machineId: 'm1',
      position: i + 1,
      code: `SM-${String(i + 1).padStart(6, '0')}`,
      hoseType: i % 2 ? '2SN' : '4SP',
      isCritical: i % 10 === 0,
    }) as Pipe,
    undefined,
  ),
);

describe('virtualised hose list', () => {
  it('renders only a window of 10 000 hoses and filters over all of them', async () => {
    await renderRoute(<HoseList rows={rows} links={{}} emptyText="empty" />, {
      path: '/list',
      url: '/list',
    });
    const list = screen.getByTestId('hose-virtual-list');
    const items = () => within(list).getAllByRole('listitem');
    expect(list.getAttribute('data-count')).toBe(String(N));
    expect(items().length).toBeGreaterThan(0);
    expect(items().length).toBeLessThan(30);
    expect(within(list).getByText('SM-000001')).toBeTruthy();
    expect(within(list).queryByText('SM-010000')).toBeNull();
    expect(screen.getByTestId('hose-count').textContent).toBe('10.000 Schlauchleitungen');

    // The search runs over every row, not only the rendered ones.
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: 'sm-010000' } });
    expect(items().map((el) => el.textContent)).toEqual([expect.stringContaining('SM-010000')]);
    fireEvent.change(screen.getByTestId('hose-search'), { target: { value: '4sp' } });
    expect(list.getAttribute('data-count')).toBe(String(N / 2));
    expect(screen.getByTestId('hose-count').textContent).toBe('5.000 von 10.000 Schlauchleitungen');
    expect(items().length).toBeLessThan(30);
  });
});
