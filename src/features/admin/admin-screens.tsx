/** Route screens of the admin feature (lazy-loaded by src/app/routes/app-routes). */
export { AdminHomeScreen } from './admin-home-screen';
export { UserListScreen } from './user-list-screen';
export { ManufacturerListScreen } from './manufacturer-list-screen';
export { PasswordScreen } from './password-screen';
