/** DGUV screens (docs/architecture.md), lazy-loaded by the route table. */
export { DguvStartScreen } from './start/dguv-start-screen';
export { DguvAuditScreen } from './audit/dguv-audit-screen';
export { DguvCheckPipeScreen } from './check/dguv-check-pipe-screen';
export { DguvFinishScreen } from './finish/dguv-finish-screen';
export { DguvReportScreen } from './report/dguv-report-screen';
export { MachineAuditList } from './report/machine-audit-list';
