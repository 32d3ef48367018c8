/** Route screens of the machines feature (docs/architecture.md), lazy-loaded by the route table. */
export type { DocumentKind } from './machine-format';
export { MachineListScreen } from './machine-list-screen';
export { MachineCreateScreen } from './machine-create-screen';
export { MachineDashboardScreen } from './machine-dashboard-screen';
export { MachineEditScreen } from './machine-edit-screen';
export { MachineDocumentsScreen } from './machine-documents-screen';
