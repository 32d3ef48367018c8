/**
 * The app's HTTP client for online calls (screens, reports, files): the browser's fetch and
 * the session's token (lib/auth). The sync engine and the blob queue make their own client
 * (http.ts) with the fetch and token they are given, so tests can inject faults.
 */
import { getAccessToken } from '../auth/auth-store';
import { createHttpClient } from './http';

export const api = createHttpClient({ getToken: getAccessToken, timeoutMs: 15_000 });
