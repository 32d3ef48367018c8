/** Where the sync issues screen is: the menu links there without loading the status indicator. */
export const SYNC_ISSUES_PATH = '/sync-issues';
/** The office's Devices screen (every user's devices and their latest reports). */
export const DEVICES_PATH = '/devices';
