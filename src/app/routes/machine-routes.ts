/** Routes below /customer/:customerId/machine/:machineId (docs/architecture.md), power units included. */
import type { RouteObject } from 'react-router';
import type { PartEntityName } from '@domain/schemas/parts';
import { fromModule, group, indexScreen, screen, withReports } from './route-builders';

const machines = () => import('@features/machines/machines-screens');
const powerUnits = () => import('@features/power-units/power-units-screens');
const hoses = () => import('@features/hoses/hoses-screens');
const dguv = () => import('@features/dguv/dguv-screens');
const machineReports = () => import('@features/machine-reports/machine-reports-screens');

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
] as const satisfies readonly (readonly [string, PartEntityName])[];

function partRoutes(): RouteObject[] {
  return PART_KINDS.map(([segment, key]) =>
    group(segment, undefined, [
      indexScreen(
        { title: `routes:parts.${key}.list` },
        fromModule(powerUnits, 'PartListScreen', { kind: key }),
      ),
      screen(
        'create',
        { title: `routes:parts.${key}.create`, permission: 'can-edit' },
        fromModule(powerUnits, 'PartCreateScreen', { kind: key }),
      ),
      screen(
        ':partId',
        { title: `routes:parts.${key}.edit`, permission: 'can-edit' },
        fromModule(powerUnits, 'PartEditScreen', { kind: key }),
      ),
    ]),
  );
}

export const powerUnitRoutes: RouteObject = group(':powerUnitId', undefined, [
  indexScreen({ title: 'routes:powerUnit' }, fromModule(powerUnits, 'PowerUnitScreen')),
  screen(
    'edit',
    { title: 'routes:powerUnitEdit', permission: 'can-edit' },
    fromModule(powerUnits, 'PowerUnitEditScreen'),
  ),
  ...partRoutes(),
]);

export const machineRoutes: RouteObject = group(':machineId', undefined, [
  indexScreen({ title: 'routes:machine' }, fromModule(machines, 'MachineDashboardScreen')),
  screen('view', { title: 'routes:machineView' }, fromModule(machines, 'MachineDashboardScreen')),
  screen(
    'update',
    { title: 'routes:machineUpdate', permission: 'can-edit' },
    fromModule(machines, 'MachineEditScreen'),
  ),
  screen('uvvAudit', { title: 'routes:uvvAudit' }, fromModule(machineReports, 'UvvAuditScreen')),
  screen('dguv/:dguvId', { title: 'routes:dguvReport' }, fromModule(dguv, 'DguvReportScreen')),
  screen(
    'documents/dguv',
    { title: 'routes:documentsDguv' },
    withReports(machines, 'MachineDocumentsScreen', { kind: 'DGUV' }, dguv, 'MachineAuditList'),
  ),
  screen(
    'documents/documents',
    { title: 'routes:documents' },
    fromModule(machines, 'MachineDocumentsScreen', { kind: 'DOCUMENT' }),
  ),
  screen(
    'documents/inspection',
    { title: 'routes:documentsInspection' },
    withReports(
      machines,
      'MachineDocumentsScreen',
      { kind: 'INSPECTION' },
      machineReports,
      'InspectionList',
    ),
  ),
  screen(
    'documents/maintenance',
    { title: 'routes:documentsMaintenance' },
    withReports(
      machines,
      'MachineDocumentsScreen',
      { kind: 'MAINTENANCE' },
      machineReports,
      'MaintenanceList',
    ),
  ),
  screen(
    'inspection/audit',
    { title: 'routes:inspectionAudit', permission: 'can-edit' },
    fromModule(machineReports, 'InspectionAuditScreen'),
  ),
  screen(
    'maintenance/audit',
    { title: 'routes:maintenanceAudit', permission: 'can-edit' },
    fromModule(machineReports, 'MaintenanceAuditScreen'),
  ),
  screen(
    'inspection/:inspectionId',
    { title: 'routes:inspection' },
    fromModule(machineReports, 'InspectionReportScreen'),
  ),
  screen(
    'maintenance/:maintenanceId',
    { title: 'routes:maintenance' },
    fromModule(machineReports, 'MaintenanceReportScreen'),
  ),
  screen('parts/pipes', { title: 'routes:pipes' }, fromModule(hoses, 'MachinePipesScreen')),
  screen(
    'parts/pipes/create',
    { title: 'routes:pipeCreate', permission: 'can-edit' },
    fromModule(hoses, 'PipeCreateScreen'),
  ),
  screen(
    'parts/pipes/:pipeId',
    { title: 'routes:pipeEdit', permission: 'can-edit' },
    fromModule(hoses, 'PipeEditScreen'),
  ),
  screen(
    'parts/power-units',
    { title: 'routes:powerUnits' },
    fromModule(powerUnits, 'PowerUnitListScreen'),
  ),
  group('power-unit', undefined, [
    screen(
      'create',
      { title: 'routes:powerUnitCreate', permission: 'can-edit' },
      fromModule(powerUnits, 'PowerUnitCreateScreen'),
    ),
    powerUnitRoutes,
  ]),
]);
