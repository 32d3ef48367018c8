// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import type { OrderCandidate } from '@components/order-slot';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { BulkOrderButton } from './bulk-order-button';
import { seedShop, withNotifications } from '@tests/fixtures/shop';

configure({ asyncUtilTimeout: 8000 });

let candidates: OrderCandidate[] = [];

beforeAll(async () => {
  const { pipe, machineId } = await seedShop();
  const mutate = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
  const fitting = pipe.fittingLeft;
  const more: EntityRow<'pipe'>[] = [];
  for (const position of [3, 4]) {
    more.push(
      await mutate.create('pipe', {
        machineId,
        position,
        code: `SM-00000${position}`,
        dn: 10,
        maxPn: 300,
        length: 2000,
        fittingLeft: fitting,
        fittingRight: fitting,
      }),
    );
  }
  await getDatabase().outbox.clear();
  const [p3, p4] = more as [EntityRow<'pipe'>, EntityRow<'pipe'>];
  candidates = [
    { pipe, finding: true, replace: false, pastServiceLife: false },
    { pipe: p3, finding: true, replace: true, pastServiceLife: false },
    { pipe: p4, finding: false, replace: false, pastServiceLife: true },
  ];
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('bulk order', () => {
  it(
    'picks all with findings and adds them in one step, into one cart',
    { timeout: 60_000 },
    async () => {
      await renderRoute(withNotifications(<BulkOrderButton candidates={candidates} />), {
        path: '/machine',
        url: '/machine',
      });
      fireEvent.click(screen.getByRole('button', { name: 'Mehrere bestellen' }));
      const add = await screen.findByRole('button', { name: /in den Warenkorb/ });
      expect((add as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText('Wählen Sie mindestens eine Schlauchleitung.')).toBeTruthy();

      fireEvent.click(screen.getByText(/Alle mit Befund/));
      expect(
        screen.getByRole<HTMLInputElement>('checkbox', { name: 'SM-000001 auswählen' }).checked,
      ).toBe(true);
      expect(
        screen.getByRole<HTMLInputElement>('checkbox', { name: 'SM-000003 auswählen' }).checked,
      ).toBe(true);
      expect(
        screen.getByRole<HTMLInputElement>('checkbox', { name: 'SM-000004 auswählen' }).checked,
      ).toBe(false);
      // One more by hand.
      fireEvent.click(screen.getByRole('checkbox', { name: 'SM-000004 auswählen' }));
      fireEvent.click(screen.getByRole('button', { name: '3 in den Warenkorb' }));

      expect(await screen.findByText('3 Schlauchleitungen in den Warenkorb gelegt.')).toBeTruthy();
      await waitFor(async () => expect(await getDatabase().outbox.count()).toBe(3));
      const orders = await rowTable(getDatabase(), 'order').toArray();
      const lines = await rowTable(getDatabase(), 'orderItem').toArray();
      expect(orders).toHaveLength(1);
      expect(lines.map((l) => l.orderId)).toEqual([orders[0]?.id, orders[0]?.id, orders[0]?.id]);
    },
  );

  it('offers the quick picks only where a hose has that fact', async () => {
    await renderRoute(withNotifications(<BulkOrderButton candidates={candidates} />), {
      path: '/machine',
      url: '/machine',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mehrere bestellen' }));
    fireEvent.click(await screen.findByText(/Austausch empfohlen/));
    expect(screen.getByRole('button', { name: '1 in den Warenkorb' })).toBeTruthy();
    fireEvent.click(screen.getByText(/Verwendungsdauer überschritten/));
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'SM-000004 auswählen' }).checked,
    ).toBe(true);
  });

  it('opens with exactly the hoses to replace at the next visit chosen', async () => {
    const flagged = candidates.map((c, i) => ({ ...c, replaceNextVisit: i !== 1 }));
    await renderRoute(withNotifications(<BulkOrderButton candidates={flagged} />), {
      path: '/machine',
      url: '/machine',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mehrere bestellen' }));
    const box = (code: string) =>
      screen.getByRole<HTMLInputElement>('checkbox', { name: `${code} auswählen` }).checked;
    expect(await screen.findByRole('button', { name: '2 in den Warenkorb' })).toBeTruthy();
    expect([box('SM-000001'), box('SM-000003'), box('SM-000004')]).toEqual([true, false, true]);
    expect(screen.getByText('Beim nächsten Besuch tauschen (2)')).toBeTruthy();
  });
});
