/** Calls the shop API as a given bearer token, and reads live rows of a table. */
import type { TableEntity } from '@server/db/entity-tables';
import type { TestServer } from './server';

export function shopCall(
  s: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return s.app.inject({
    method,
    url: `/api/shop${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function liveRows(s: TestServer, table: TableEntity) {
  return s.db.store.selectFrom(table).selectAll().where('deletedAt', 'is', null).execute();
}
