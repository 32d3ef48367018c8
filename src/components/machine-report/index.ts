/** Pieces the inspection and maintenance features share (they may not import each other). */
export { ReportAuditFrame } from './report-audit-frame';
export { ReportList } from './report-list';
export { ReportPhotos } from './report-photos';
export { ReportFormFooter } from './report-form-footer';
export { useDraftSave } from './use-draft-save';
export { ReportView } from './report-view';
export { ReportStateBadge } from './report-state-badge';
export { finishReport } from './finish-report';
export {
  REPORT_NS,
  reportPaths,
  todayIso,
  type ReportEntity,
  type ReportPaths,
  type ReportRow,
} from './report-kinds';
export {
  labelIndex,
  targetKey,
  useLabelledTargets,
  type LabelledGroup,
  type TargetOption,
} from './target-labels';
