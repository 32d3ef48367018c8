import type { Page } from '@playwright/test';

/**
 * Reads what the SERVER has (not the device): the docs/api.md query call with the signed-in
 * user's token, taken from the app's stored session. End-to-end tests use it to prove that
 * offline work arrived exactly once.
 */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('schlauchmanager');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('sessions', 'readonly');
          const get = tx.objectStore('sessions').get('current');
          get.onsuccess = () => {
            resolve((get.result as { accessToken?: string } | undefined)?.accessToken ?? null);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
  if (!token) throw new Error('no stored session token');
  return token;
}

export interface Filter {
  key: string;
  param: string;
  value: unknown;
}

/** `POST /api/cms/{entityPath}/query` with AND filters; every page (limit -1). */
export async function serverRows(
  page: Page,
  entityPath: string,
  filter: Filter[] = [],
): Promise<Record<string, unknown>[]> {
  const token = await accessToken(page);
  const res = await page.request.post(`/api/cms/${entityPath}/query`, {
    maxRetries: 1,
    headers: { authorization: `Bearer ${token}` },
    data: { parameter: { page: 1, limit: -1, query: { type: 'AND', filter } } },
  });
  if (!res.ok()) throw new Error(`query ${entityPath}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as
    { data?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(body) ? body : (body.data ?? []);
}
