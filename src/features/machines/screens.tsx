/** Route screens of the machines feature (placeholders until the feature lands). */
import { RouteComingSoon } from '../../components/coming-soon';
import type { DOCUMENT_KIND } from '../../domain/schemas/reports';

export type DocumentKind = (typeof DOCUMENT_KIND)[number];

export const MachineListScreen = () => <RouteComingSoon />;
export const MachineCreateScreen = () => <RouteComingSoon />;
export const MachineDashboardScreen = () => <RouteComingSoon />;
export const MachineEditScreen = () => <RouteComingSoon />;
export const MachineDocumentsScreen = (_: { kind: DocumentKind }) => <RouteComingSoon />;
