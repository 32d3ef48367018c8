/** Route screens of the scan feature (lazy-loaded by src/app/routes). */
export { HoseLinkScreen } from './hose-link-screen';
