/** Route screens of the customers feature (lazy-loaded by src/app/routes/customer-routes). */
export { CustomerListScreen } from './customer-list-screen';
export { CustomerCreateScreen } from './customer-create-screen';
export { CustomerSelectScreen } from './customer-select-screen';
export { CustomerDashboardScreen } from './customer-dashboard-screen';
export { CustomerEditScreen } from './customer-edit-screen';
