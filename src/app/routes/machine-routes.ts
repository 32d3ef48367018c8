/** Routes below /customer/:customerId/machine/:machineId (SPEC §2), power units included. */
import type { RouteObject } from 'react-router';
import { group, indexScreen, screen } from './route-builders';

/** The part kinds of a power unit: URL segment → key in the `routes:parts` titles. */
export const PART_KINDS = [
  ['tank', 'tank'],
  ['valve', 'valve'],
  ['filter', 'filter'],
  ['memory', 'memory'],
  ['consumer', 'consumer'],
  ['controller', 'controller'],
  ['safety-valve', 'safetyValve'],
  ['motor-pump-unit', 'motorPumpUnit'],
] as const;

function partRoutes(): RouteObject[] {
  return PART_KINDS.map(([segment, key]) =>
    group(segment, undefined, [
      indexScreen({ title: `routes:parts.${key}.list` }),
      screen('create', { title: `routes:parts.${key}.create`, permission: 'can-edit' }),
      screen(':partId', { title: `routes:parts.${key}.edit`, permission: 'can-edit' }),
    ]),
  );
}

export const powerUnitRoutes: RouteObject = group(':powerUnitId', undefined, [
  indexScreen({ title: 'routes:powerUnit' }),
  screen('edit', { title: 'routes:powerUnitEdit', permission: 'can-edit' }),
  ...partRoutes(),
]);

export const machineRoutes: RouteObject = group(':machineId', undefined, [
  indexScreen({ title: 'routes:machine' }),
  screen('view', { title: 'routes:machineView' }),
  screen('update', { title: 'routes:machineUpdate', permission: 'can-edit' }),
  screen('uvvAudit', { title: 'routes:uvvAudit' }),
  screen('dguv/:dguvId', { title: 'routes:dguvReport' }),
  screen('documents/dguv', { title: 'routes:documentsDguv' }),
  screen('documents/documents', { title: 'routes:documents' }),
  screen('documents/inspection', { title: 'routes:documentsInspection' }),
  screen('documents/maintenance', { title: 'routes:documentsMaintenance' }),
  screen('inspection/audit', { title: 'routes:inspectionAudit' }),
  screen('maintenance/audit', { title: 'routes:maintenanceAudit' }),
  screen('inspection/:inspectionId', { title: 'routes:inspection' }),
  screen('maintenance/:maintenanceId', { title: 'routes:maintenance' }),
  screen('parts/pipes', { title: 'routes:pipes' }),
  screen('parts/pipes/create', { title: 'routes:pipeCreate', permission: 'can-edit' }),
  screen('parts/power-units', { title: 'routes:powerUnits' }),
  group('power-unit', undefined, [
    screen('create', { title: 'routes:powerUnitCreate', permission: 'can-edit' }),
    powerUnitRoutes,
  ]),
]);
