/** Route screens of the power-units feature (placeholders until the feature lands). */
import { RouteComingSoon } from '../../components/coming-soon';
import type { PartEntityName } from '../../domain/schemas/parts';

export const PowerUnitListScreen = () => <RouteComingSoon />;
export const PowerUnitCreateScreen = () => <RouteComingSoon />;
export const PowerUnitScreen = () => <RouteComingSoon />;
export const PowerUnitEditScreen = () => <RouteComingSoon />;
export const PartListScreen = (_: { kind: PartEntityName }) => <RouteComingSoon />;
export const PartCreateScreen = (_: { kind: PartEntityName }) => <RouteComingSoon />;
export const PartEditScreen = (_: { kind: PartEntityName }) => <RouteComingSoon />;
