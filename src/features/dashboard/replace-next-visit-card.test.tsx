// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { formatDay } from '@domain/format';
import { addDays, addMonths, toCalendarDate } from '@domain/rules/intervals';
import { serviceLifeEnd } from '@domain/rules/service-life';
import { renderRoute } from '@tests/fixtures/render';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { replaceNextVisitPipes } from './data/scope-queries';
import { ReplaceNextVisitCard } from './replace-next-visit-card';

let companyId = '';

beforeAll(async () => {
  const db = getDatabase();
  const seeded = await seedMachine(db);
  companyId = seeded.companyId;
  const machineId = seeded.machineId;
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  const today = toCalendarDate(new Date());
  // Checked 300 days ago, yearly: due again in about two months. SM-1's six years end in ten
  // days, before that visit; SM-2's in two years; SM-3 was swapped out (retired).
  const ending = await mutate.create('pipe', {
    machineId,
    position: 1,
    code: 'SM-1',
    productionDate: addDays(addMonths(today, -72), 10),
  });
  const young = await mutate.create('pipe', {
    machineId,
    position: 2,
    code: 'SM-2',
    productionDate: addMonths(today, -48),
  });
  await mutate.create('pipe', {
    machineId,
    position: 3,
    code: 'SM-3',
    productionDate: addMonths(today, -80),
    retiredAt: today,
  });
  const checkedAt = `${addDays(today, -300)} 08:00:00`;
  const audit = serverRow({ companyId, machineId, startDate: checkedAt, state: 'APPROVED' });
  await rowTable(db, 'dguvAudit').put(audit);
  await rowTable(db, 'dguvAnswer').bulkPut(
    [ending, young].map((p) =>
      serverRow({
        companyId,
        auditId: audit.id,
        pipeId: p.id,
        answer: ['OK'],
        performedAt: `${addDays(today, -300)}T08:00:00.000Z`,
      }),
    ),
  );
});
afterAll(async () => {
  await getDatabase().delete();
});

describe('start page: replace at the next visit', () => {
  it('lists exactly the installed hoses whose service life ends by their next inspection', async () => {
    const scope = { companyId, locationId: null };
    const pipes = await replaceNextVisitPipes(getDatabase(), scope);
    expect(pipes.map((p) => p.pipe.code)).toEqual(['SM-1']);
    await renderRoute(<ReplaceNextVisitCard scope={scope} pipes={pipes} />, {
      path: '/',
      url: '/',
    });
    expect(screen.getByRole('heading', { name: 'Beim nächsten Besuch tauschen' })).toBeTruthy();
    expect(screen.getByTestId('replace-next-visit-count').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'SM-1' }).getAttribute('href')).toMatch(
      /\/parts\/pipes$/,
    );
    // The same line as the card of hoses due: code, machine, and here the end of its life.
    const end = formatDay(serviceLifeEnd(pipes[0]!.pipe)!, 'de');
    expect(screen.getByTestId('replace-next-visit-pipes').textContent).toContain(
      `Verwendungsdauer bis ${end}`,
    );
  });

  it('says when there is none', async () => {
    await renderRoute(<ReplaceNextVisitCard scope={{ companyId, locationId: null }} pipes={[]} />, {
      path: '/',
      url: '/',
    });
    expect(
      screen.getByText(
        'Keine Schlauchleitung erreicht bis zu ihrer nächsten Prüfung das Ende ihrer Verwendungsdauer.',
      ),
    ).toBeTruthy();
  });
});
