// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { adminUser, initialAuthStateForTest } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { ProductListScreen } from './product-list-screen';

const SLOW = { timeout: 5000 };

async function seed() {
  const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
  const hose = await m.create('product', {
    articleNumber: 'S-2SN-10',
    name: 'Hydraulikschlauch 2SN DN10',
    unit: 'METER',
    kind: 'HOSE',
    dn: 10,
    maxPn: 330,
    priceCents: 930,
  });
  await m.create('product', {
    articleNumber: 'A-JIC-10',
    name: 'Pressarmatur JIC DN10',
    unit: 'PIECE',
    kind: 'FITTING',
    dn: 10,
    fittingType: 'JIC',
    priceCents: 760,
  });
  await m.create('product', {
    articleNumber: 'Z-ALT',
    name: 'Alte Spirale',
    unit: 'METER',
    kind: 'ACCESSORY',
    accessory: 'PROTECTION',
    priceCents: 100,
    active: false,
  });
  return { hose };
}

const open = () =>
  renderRoute(
    <>
      <ProductListScreen />
    </>,
    { path: '/admin/shop/product-list', url: '/admin/shop/product-list' },
  );
const table = () => screen.findByTestId('product-table', {}, SLOW);

describe('shop products screen', () => {
  beforeEach(() => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: adminUser,
    });
  });
  afterEach(async () => {
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('lists active products, searches, filters by kind and shows deactivated on request', async () => {
    await seed();
    await open();
    const list = await table();
    await within(list).findByText('Hydraulikschlauch 2SN DN10', {}, SLOW);
    expect(within(list).getByText('Pressarmatur JIC DN10')).toBeTruthy();
    expect(within(list).queryByText('Alte Spirale')).toBeNull();
    expect(within(list).getByText(/9,30\s€ je m/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Suche nach Name oder Artikelnummer'), {
      target: { value: 'a-jic' },
    });
    await waitFor(() => expect(within(list).queryByText('Hydraulikschlauch 2SN DN10')).toBeNull());
    fireEvent.change(screen.getByLabelText('Suche nach Name oder Artikelnummer'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Schlauch' }));
    await waitFor(() => expect(within(list).queryByText('Pressarmatur JIC DN10')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: 'Alle Arten' }));
    fireEvent.click(screen.getByLabelText('Deaktivierte zeigen'));
    expect(await within(list).findByText('Alte Spirale')).toBeTruthy();
  });

  it('shows a long list 50 at a time, and a new search starts at the top again', async () => {
    const m = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    for (let i = 0; i < 120; i++) {
      await m.create('product', {
        articleNumber: `S-${String(i).padStart(3, '0')}`,
        name: `Schlauch Nr. ${i}`,
        unit: 'METER',
        kind: 'HOSE',
        dn: 10,
        maxPn: 200,
        priceCents: 100 + i,
      });
    }
    await open();
    const list = await table();
    await within(list).findByText('Schlauch Nr. 49', {}, SLOW);
    expect(within(list).queryByText('Schlauch Nr. 50')).toBeNull();
    expect(screen.getByText('50 von 120 angezeigt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '50 weitere anzeigen' }));
    expect(await within(list).findByText('Schlauch Nr. 99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '20 weitere anzeigen' }));
    expect(await within(list).findByText('Schlauch Nr. 119')).toBeTruthy();
    expect(screen.queryByTestId('show-more')).toBeNull();
    fireEvent.change(screen.getByLabelText('Suche nach Name oder Artikelnummer'), {
      target: { value: 'schlauch nr' },
    });
    await waitFor(() => expect(within(list).queryByText('Schlauch Nr. 50')).toBeNull());
    expect(screen.getByTestId('show-more')).toBeTruthy();
  });

  it('creates a product, refusing the fields that do not fit its kind', async () => {
    await seed();
    await open();
    await table();
    fireEvent.click(screen.getByTestId('product-new'));
    const form = await screen.findByTestId('product-form');
    const field = (label: RegExp) => within(form).getByLabelText(label);
    fireEvent.change(field(/^Artikelnummer/), { target: { value: 's-2sn-10' } });
    fireEvent.change(field(/^Bezeichnung/), { target: { value: 'Schlauch 2SN DN12' } });
    fireEvent.click(within(form).getAllByLabelText(/^Art\W*$/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Schlauch' }));
    fireEvent.change(field(/^Nettopreis/), { target: { value: '12,5' } });
    fireEvent.click(within(form).getByTestId('product-save'));
    // No DN and PN for a hose: the kind rule's own messages.
    expect(await within(form).findByText('Ein Schlauch braucht die Nennweite (DN).')).toBeTruthy();
    expect(within(form).getByText('Ein Schlauch braucht den Nenndruck (PN).')).toBeTruthy();
    fireEvent.change(field(/^Nennweite/), { target: { value: '12' } });
    fireEvent.change(field(/^Nenndruck/), { target: { value: '275' } });
    fireEvent.click(within(form).getByTestId('product-save'));
    expect(await within(form).findByText('Diese Artikelnummer ist bereits vergeben.')).toBeTruthy();
    fireEvent.change(field(/^Artikelnummer/), { target: { value: 'S-2SN-12' } });
    fireEvent.click(within(form).getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-form')).toBeNull(), SLOW);
    const rows = await getDatabase().table('product').toArray();
    expect(rows.find((r) => r.articleNumber === 'S-2SN-12')).toMatchObject({
      kind: 'HOSE',
      unit: 'METER',
      dn: 12,
      maxPn: 275,
      priceCents: 1250,
      active: true,
    });
    const last = await getDatabase().outbox.orderBy('localSeq').last();
    expect(last).toMatchObject({ kind: 'create', entity: 'product' });
  });

  it('reads the price in the German format: three decimals refused, never thousands', async () => {
    await seed();
    await open();
    await table();
    fireEvent.click(screen.getByTestId('product-new'));
    const form = await screen.findByTestId('product-form');
    const field = (label: RegExp) => within(form).getByLabelText(label);
    fireEvent.change(field(/^Artikelnummer/), { target: { value: 'Z-ROLLE' } });
    fireEvent.change(field(/^Bezeichnung/), { target: { value: 'Schlauch 2SN DN12' } });
    fireEvent.click(within(form).getAllByLabelText(/^Art\W*$/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Schlauch' }));
    fireEvent.change(field(/^Nennweite/), { target: { value: '12' } });
    fireEvent.change(field(/^Nenndruck/), { target: { value: '275' } });
    const decimals = 'Höchstens zwei Nachkommastellen (Cent), zum Beispiel 12,34.';
    for (const typed of ['12,345', '0,001', '6,845']) {
      fireEvent.change(field(/^Nettopreis/), { target: { value: typed } });
      fireEvent.click(within(form).getByTestId('product-save'));
      expect(await within(form).findByText(decimals)).toBeTruthy();
      expect(screen.getByTestId('product-form')).toBeTruthy();
    }
    expect(
      (await getDatabase().table('product').toArray()).some((r) => r.articleNumber === 'Z-ROLLE'),
    ).toBe(false);
    fireEvent.change(field(/^Nettopreis/), { target: { value: '1.234,5' } });
    fireEvent.click(within(form).getByTestId('product-save'));
    await waitFor(() => expect(screen.queryByTestId('product-form')).toBeNull(), SLOW);
    const rows = await getDatabase().table('product').toArray();
    expect(rows.find((r) => r.articleNumber === 'Z-ROLLE')).toMatchObject({ priceCents: 123450 });
  });

  it('deactivates only after confirmation, through mutate', async () => {
    const { hose } = await seed();
    await open();
    await table();
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Deaktivieren: Hydraulikschlauch 2SN DN10' })[0]!,
    );
    expect(await screen.findByText(/wird im Konfigurator und bei neuen Preisen/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(async () =>
      expect((await getDatabase().table('product').get(hose.id)).active).toBe(true),
    );
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Deaktivieren: Hydraulikschlauch 2SN DN10' })[0]!,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(async () =>
      expect((await getDatabase().table('product').get(hose.id)).active).toBe(false),
    );
    const last = await getDatabase().outbox.orderBy('localSeq').last();
    expect(last).toMatchObject({ kind: 'update', entity: 'product', recordId: hose.id });
  });

  it('previews an imported price list and applies only after confirming', async () => {
    const { hose } = await seed();
    await open();
    await table();
    const csv = [
      'article_number;name;kind;unit;dn;pn_bar;fitting_type;accessory;net_price_eur;active',
      'S-2SN-10;Hydraulikschlauch 2SN DN10;HOSE;METER;10;330;;;9,90;1',
      'A-JIC-10;Pressarmatur JIC DN10;FITTING;PIECE;10;;JIC;;7,60;1',
      'S-4SP-16;Hydraulikschlauch 4SP DN16;HOSE;METER;16;350;;;18,20;1',
      'S-KAPUTT;Ohne Druck;HOSE;METER;16;;;;1;1',
      'Z-ALT;Altes Zubehör;ACCESSORY;PIECE;;;;ROPE;6,845;1',
    ].join('\r\n');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([csv], 'preise.csv', { type: 'text/csv' })] },
    });
    const summary = await screen.findByTestId('import-summary', {}, SLOW);
    expect(summary.textContent).toContain('1 neu');
    expect(summary.textContent).toContain('1 geändert');
    expect(summary.textContent).toContain('1 unverändert');
    expect(summary.textContent).toContain('2 ungültig');
    const lines = screen.getByTestId('import-lines');
    expect(within(lines).getByText(/Preis 9,30\s€ → 9,90\s€/)).toBeTruthy();
    expect(
      within(lines).getByText(/Nenndruck \(PN, bar\): Ein Schlauch braucht den Nenndruck/),
    ).toBeTruthy();
    // Three decimals are refused with the reason, not read as 6.845 €.
    expect(
      within(lines).getByText(/Nettopreis \(€\): Höchstens zwei Nachkommastellen/),
    ).toBeTruthy();
    // Nothing is written by the preview.
    expect((await getDatabase().table('product').get(hose.id)).priceCents).toBe(930);
    fireEvent.click(screen.getByTestId('import-apply'));
    await waitFor(async () =>
      expect((await getDatabase().table('product').get(hose.id)).priceCents).toBe(990),
    );
    const rows = await getDatabase().table('product').toArray();
    expect(rows.map((r) => r.articleNumber).sort()).toEqual([
      'A-JIC-10',
      'S-2SN-10',
      'S-4SP-16',
      'Z-ALT',
    ]);
  });
});
