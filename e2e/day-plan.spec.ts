import { expect, test } from './fixtures';
import { cancelRunningAudits, DguvPages, seedMachineWithHoses } from './pages/dguv-pages';
import {
  answer,
  DayPlanPage,
  DESK,
  deviceDay,
  shownDay,
  finishAudit,
  newLocation,
  PHONE,
  signedIn,
  untilSynced,
} from './pages/lifecycle-pages';
import { serverRows } from './pages/server-api';

/**
 * The technician's day end to end (docs/hose-lifecycle.md "The technician's day"): the office
 * sees the empty form and its validation, builds a plan for a location on the desktop — removes
 * a proposed machine, adds one with nothing due, moves it first — and saves it; the technician's
 * phone shows it under "My day"; the office changes the saved plan and the change reaches the
 * phone; the plan's progress follows the technician's finished inspection.
 */
test.use({ viewport: DESK });

test('the office builds and edits a day plan; it reaches the phone and its progress follows the work', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const buero = await signedIn(browser, 'buero', 'Bea Büro', DESK);
  const stamp = String(Date.now()).slice(-6);
  const location = await newLocation(buero, `Tagesplanweg ${stamp}`);
  // Two machines with a hose never checked (overdue), one without hoses (nothing due).
  const first = await seedMachineWithHoses(buero, 1, [], { locationId: location.id });
  const second = await seedMachineWithHoses(buero, 1, [], { locationId: location.id });
  const idle = await seedMachineWithHoses(buero, 0, [], { locationId: location.id });
  const names = new Map(
    (
      await serverRows(buero, 'machine', [{ key: 'locationId', param: 'eq', value: location.id }])
    ).map((m) => [m.id, `${String(m.machineType)} · ${String(m.internalId)}`]),
  );
  const name = (id: string) => names.get(id) ?? id;

  // The empty form says what comes first and what is missing.
  const plan = new DayPlanPage(buero);
  await plan.goto();
  await expect(buero.getByText('Zuerst einen Kunden wählen.')).toBeVisible();
  await plan.save();
  await expect(buero.getByText('Bitte einen Kunden wählen.')).toBeVisible();
  await expect(buero.getByText('Bitte einen Techniker wählen.')).toBeVisible();
  await expect(buero.getByText('Der Plan braucht mindestens eine Maschine.')).toBeVisible();

  // The proposal: the two overdue machines; then remove one, add one, move it.
  await plan.customer();
  await untilSynced(buero, async () => {
    await plan.location(location.label);
  });
  await expect(plan.machines()).toHaveCount(2, { timeout: 30_000 });
  await expect(plan.machines().first()).toContainText('Überfällig');
  await buero
    .getByRole('button', { name: `${name(second.machineId)} aus dem Plan nehmen` })
    .click();
  await expect(plan.machines()).toHaveCount(1);
  await plan.addMachine(name(idle.machineId));
  await expect(plan.machines()).toHaveCount(2);
  await buero.getByRole('button', { name: `${name(idle.machineId)} nach oben` }).click();
  await expect(plan.machines().first()).toContainText(name(idle.machineId));
  await expect(plan.machines().nth(1)).toContainText(name(first.machineId));
  await plan.technician();
  await plan.save();
  await expect(plan.notice()).toHaveText(
    'Der Plan ist gespeichert und geht beim nächsten Abgleich an den Techniker.',
  );
  const planOnServer = async () =>
    (await serverRows(buero, 'dayplan')).find(
      (p) => Array.isArray(p.machineIds) && p.machineIds.includes(first.machineId),
    );
  await expect
    .poll(async () => (await planOnServer())?.machineIds, { timeout: 30_000 })
    .toEqual([idle.machineId, first.machineId]);

  // The technician's phone shows the plan in its order.
  const phone = await signedIn(browser, 'techniker', 'Tom Techniker', PHONE);
  await cancelRunningAudits(phone);
  const today = await deviceDay(phone);
  await phone.goto('/day-plan/mine');
  const card = phone.getByTestId('my-plan').filter({ hasText: name(first.machineId) });
  await untilSynced(phone, () =>
    expect(card.getByTestId('plan-progress')).toHaveText('0 von 2 Maschinen erledigt', {
      timeout: 4_000,
    }),
  );
  await expect(card.getByTestId('my-plan-machine').first()).toContainText(name(idle.machineId));

  // The office changes the saved plan: the removed machine comes back, last.
  const saved = buero
    .getByTestId('saved-plan')
    .filter({ hasText: shownDay(today) })
    .first();
  await saved.getByRole('button', { name: `${shownDay(today)} bearbeiten` }).click();
  await expect(buero.getByTestId('plan-editing')).toContainText(shownDay(today));
  await plan.addMachine(name(second.machineId));
  await buero.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(plan.notice()).toHaveText(
    'Die Änderungen sind gespeichert und gehen beim nächsten Abgleich an den Techniker.',
  );
  await expect
    .poll(async () => (await planOnServer())?.machineIds, { timeout: 30_000 })
    .toEqual([idle.machineId, first.machineId, second.machineId]);
  expect(
    (await serverRows(buero, 'dayplan')).filter(
      (p) =>
        p.date === today && Array.isArray(p.machineIds) && p.machineIds.includes(first.machineId),
    ),
  ).toHaveLength(1);
  await buero.context().close();

  // The change reaches the phone.
  await untilSynced(phone, () =>
    expect(card.getByTestId('plan-progress')).toHaveText('0 von 3 Maschinen erledigt', {
      timeout: 4_000,
    }),
  );
  await expect(card.getByTestId('my-plan-machine')).toHaveCount(3);

  // The technician inspects the first overdue machine: the plan counts it done.
  const dguv = new DguvPages(phone);
  await card
    .getByTestId('my-plan-machine')
    .filter({ hasText: name(first.machineId) })
    .getByRole('link', { name: 'DGUV-Prüfung starten' })
    .click();
  await dguv.startButton().click();
  await phone.getByRole('link', { name: 'Schlauchleitungen prüfen' }).click();
  await dguv.criterion('In Ordnung').click();
  await answer(phone, 'Schutz empfohlen', false);
  await answer(phone, 'Schlauchleitung austauschen', false);
  await phone.getByRole('button', { name: 'Speichern und weiter' }).click();
  await expect(phone.getByText('1 von 1 Schlauchleitung geprüft')).toBeVisible({ timeout: 30_000 });
  await finishAudit(phone);
  await phone.goto('/day-plan/mine');
  await expect(card.getByTestId('plan-progress')).toHaveText('1 von 3 Maschinen erledigt', {
    timeout: 30_000,
  });
  await expect(
    card.getByTestId('my-plan-machine').filter({ hasText: name(first.machineId) }),
  ).toContainText('Erledigt');
  await expect(
    card.getByTestId('my-plan-machine').filter({ hasText: name(second.machineId) }),
  ).toContainText('Offen');
});
