/** Route screens of the customers feature (placeholders until the feature lands). */
import { RouteComingSoon } from '../../components/coming-soon';

export const CustomerListScreen = () => <RouteComingSoon />;
export const CustomerCreateScreen = () => <RouteComingSoon />;
export const CustomerSelectScreen = () => <RouteComingSoon />;
export const CustomerDashboardScreen = () => <RouteComingSoon />;
export const CustomerEditScreen = () => <RouteComingSoon />;
