// Shared test setup: a real IndexedDB implementation (fake-indexeddb) for Dexie in Node.
import 'fake-indexeddb/auto';
