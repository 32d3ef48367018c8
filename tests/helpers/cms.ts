/** Calls the content backend as a given user (tokens minted with the provider's key). */
import { randomUUID } from 'node:crypto';
import type { TestServer } from './server';
import { mintToken } from './tokens';

export interface Actor {
  token: string;
  id: string;
}

export async function actor(
  s: TestServer,
  opts: { roles?: string[]; customer?: string | null; id?: string; name?: string } = {},
): Promise<Actor> {
  const id = opts.id ?? randomUUID();
  const token = await mintToken(s, {
    claims: {
      sub: id,
      realm_access: { roles: opts.roles ?? [] },
      ...(opts.customer ? { customer_id: opts.customer } : {}),
      ...(opts.name ? { name: opts.name } : {}),
    },
  });
  return { token, id };
}

export const STAFF_ALL = ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'];

export function cms(s: TestServer, who: Actor) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    s.app.inject({
      method,
      url: `/api/cms/${url}`,
      headers: { authorization: `Bearer ${who.token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    create: (entity: string, data: Record<string, unknown>, headers?: Record<string, string>) =>
      call('POST', `${entity}/create`, { data }, headers),
    read: (entity: string, id: string, response?: string[]) =>
      call('POST', `${entity}/read/${id}`, { response }),
    patch: (entity: string, id: string, data: Record<string, unknown>, baseVersion?: number) =>
      call('PATCH', `${entity}/update/${id}`, { data, baseVersion }),
    put: (entity: string, id: string, data: Record<string, unknown>) =>
      call('PUT', `${entity}/update/${id}`, { data }),
    remove: (entity: string, id: string) => call('DELETE', `${entity}/delete/${id}`),
    query: (entity: string, parameter: Record<string, unknown>, response?: string[]) =>
      call('POST', `${entity}/query`, { parameter, response }),
  };
}
