/** Route screens of the hoses feature (placeholders until the feature lands). */
import { RouteComingSoon } from '../../components/coming-soon';

export const MachinePipesScreen = () => <RouteComingSoon />;
export const PipeCreateScreen = () => <RouteComingSoon />;
export const PipeEditScreen = () => <RouteComingSoon />;
export const CustomerPipesScreen = () => <RouteComingSoon />;
