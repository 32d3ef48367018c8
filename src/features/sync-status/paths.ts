/** Where the sync issues screen is: the menu links there without loading the status indicator. */
export const SYNC_ISSUES_PATH = '/sync-issues';
