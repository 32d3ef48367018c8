// The screen itself is imported by the route table directly, so it loads with its route.
export { SyncStatusIndicator, SYNC_ISSUES_PATH } from './sync-status-indicator';
export { SyncNotices } from './sync-notices';
