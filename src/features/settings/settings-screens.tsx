/** Route screens of the settings feature (lazy-loaded by src/app/routes/app-routes). */
export { SettingsScreen } from './settings-screen';
