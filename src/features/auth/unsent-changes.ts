/**
 * What signing out must know about the outbox (docs/sync.md "signing out with pending entries
 * warns and offers to sync first"). The sync module owns both; this names them for the page.
 */
export { syncNow, unsentChanges } from '@sync';
