// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SnackStack, clearSnacks } from '@components/snacks';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { adminUser, initialAuthStateForTest, officeUser } from '@tests/fixtures/test-users';
import { useSyncStore } from '@sync';
import { serverRow } from '@tests/fixtures/sync';
import { SettingsScreen } from './settings-screen';

const SLOW = { timeout: 5000 };
let settingsId = '';

const signIn = (user: SessionUser) =>
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user,
    accessToken: 't',
  });

const open = () =>
  renderRoute(
    <>
      <SettingsScreen />
      <SnackStack />
    </>,
    { path: '/settings', url: '/settings' },
  );

describe('settings screen', () => {
  beforeAll(async () => {
    const row = serverRow({
      name: 'Hydraulik Service GmbH',
      street: 'Hafenstraße',
      houseNr: '12',
      zip: '20457',
      city: 'Hamburg',
      logo: null,
      pipeCodePrefix: 'HS',
      assemblySurchargeCents: 500,
      defaultDguvInterval: 'YEAR',
      defaultDguvIntervalCritical: 'HALFYEAR',
    });
    settingsId = row.id;
    await rowTable(getDatabase(), 'companySettings').put(row);
  });
  afterEach(() => clearSnacks());
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('shows other staff the settings read-only, without a save button', async () => {
    signIn(officeUser);
    await open();
    const name = (await screen.findByTestId('settings-name', {}, SLOW)) as HTMLInputElement;
    expect(name.value).toBe('Hydraulik Service GmbH');
    expect(name.readOnly).toBe(true);
    expect(
      screen.getByText('Nur Administratoren können die Firmeneinstellungen ändern.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('saves an admin change through mutate into the settings row and the outbox', async () => {
    signIn(adminUser);
    await open();
    const name = (await screen.findByTestId('settings-name', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('settings-name'), {
      target: { value: '  Schlauchdienst Nord GmbH ' },
    });
    // The server out of reach: the message says when it will be sent.
    useSyncStore.setState({ online: false });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText(
        'Einstellungen gespeichert. Sie werden übertragen, sobald eine Verbindung besteht.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    const db = getDatabase();
    await waitFor(async () => {
      const row = await rowTable(db, 'companySettings').get(settingsId);
      expect((row as { name?: string } | undefined)?.name).toBe('Schlauchdienst Nord GmbH');
    }, SLOW);
    const outbox = (await db.outbox.toArray()).filter((e) => e.recordId === settingsId);
    expect(outbox.map((e) => e.kind)).toEqual(['update']);
    useSyncStore.setState({ online: true });
  });

  it('a newer row does not wipe unsaved input; with nothing unsaved it is taken in', async () => {
    signIn(adminUser);
    const { unmount } = await open();
    const city = () => screen.getByRole('textbox', { name: 'Ort' }) as HTMLInputElement;
    const name = (await screen.findByTestId('settings-name', {}, SLOW)) as HTMLInputElement;
    const table = rowTable(getDatabase(), 'companySettings');
    // The server's answer to a save or another administrator's change raises the version.
    const newer = async (fields: Record<string, unknown>) => {
      const row = (await table.get(settingsId))!;
      await table.put({ ...row, ...fields, version: row.version + 1 } as never);
    };
    fireEvent.change(city(), { target: { value: 'Bremen' } });
    await newer({ name: 'Von anderswo GmbH' });
    await new Promise((r) => setTimeout(r, 200));
    expect(city().value).toBe('Bremen');
    expect(name.value).not.toBe('Von anderswo GmbH');
    // Saved, nothing is unsaved: the next newer row shows.
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByText(/^Einstellungen gespeichert/, {}, SLOW);
    expect((await table.get(settingsId))!.city).toBe('Bremen');
    await newer({ city: 'Hamburg-Altona' });
    await waitFor(() => expect(city().value).toBe('Hamburg-Altona'));
    unmount();
  });

  it('shows and takes the surcharge with the decimal comma of German', async () => {
    signIn(adminUser);
    await open();
    const surcharge = (await screen.findByTestId(
      'settings-surcharge',
      {},
      SLOW,
    )) as HTMLInputElement;
    expect(surcharge.value).toBe('5,00');
    fireEvent.change(surcharge, { target: { value: '12,5' } });
    fireEvent.blur(surcharge);
    fireEvent.click(screen.getByTestId('settings-save'));
    // Online, a save just says so.
    expect(await screen.findByText('Einstellungen gespeichert.', {}, SLOW)).toBeTruthy();
    const db = getDatabase();
    await waitFor(async () => {
      const row = await rowTable(db, 'companySettings').get(settingsId);
      expect((row as { assemblySurchargeCents?: number } | undefined)?.assemblySurchargeCents).toBe(
        1250,
      );
    }, SLOW);
  });

  it('refuses letters, a sign and a third decimal in the surcharge with a message, saving nothing', async () => {
    signIn(adminUser);
    await open();
    const surcharge = (await screen.findByTestId(
      'settings-surcharge',
      {},
      SLOW,
    )) as HTMLInputElement;
    const db = getDatabase();
    const before = await rowTable(db, 'companySettings').get(settingsId);
    const cases: [string, string][] = [
      ['zwölf', 'Bitte einen Betrag in Euro eingeben, zum Beispiel 1.234,50 oder 12,34.'],
      ['-5', 'Der Betrag darf nicht negativ sein.'],
      ['12,345', 'Höchstens zwei Nachkommastellen (Cent), zum Beispiel 12,34.'],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(surcharge, { target: { value: typed } });
      fireEvent.click(screen.getByTestId('settings-save'));
      expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
      expect(surcharge.value).toBe(typed);
    }
    expect(screen.queryByText('Einstellungen gespeichert.')).toBeNull();
    const after = await rowTable(db, 'companySettings').get(settingsId);
    expect(after).toEqual(before);
  });

  it('keeps the refresher interval: 3 years by default, whole years from 1 to 10 only', async () => {
    signIn(adminUser);
    await open();
    const years = (await screen.findByTestId(
      'settings-refresher-years',
      {},
      SLOW,
    )) as HTMLInputElement;
    expect(years.value).toBe('3');
    const db = getDatabase();
    const before = await rowTable(db, 'companySettings').get(settingsId);
    for (const typed of ['0', '11', '2,5', 'drei']) {
      fireEvent.change(years, { target: { value: typed } });
      fireEvent.click(screen.getByTestId('settings-save'));
      expect(
        await screen.findByText('Bitte eine ganze Zahl von 1 bis 10 Jahren eingeben.', {}, SLOW),
      ).toBeTruthy();
    }
    expect(await rowTable(db, 'companySettings').get(settingsId)).toEqual(before);
    fireEvent.change(years, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(async () => {
      const row = await rowTable(db, 'companySettings').get(settingsId);
      expect((row as { refresherYears?: number } | undefined)?.refresherYears).toBe(2);
    }, SLOW);
  });

  it('keeps codes with the position when the administrator says so', async () => {
    signIn(adminUser);
    await open();
    const box = (await screen.findByTestId('settings-codes-stay', {}, SLOW)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(async () => {
      const row = await rowTable(getDatabase(), 'companySettings').get(settingsId);
      expect(row).toMatchObject({ codesStayWithPosition: true });
    }, SLOW);
  });
});
