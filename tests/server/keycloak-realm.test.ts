import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@domain/rules/permissions';
import { DEMO_USERS } from '@server/modules/users/demo-users';
import { loadConfig } from '@server/config';

interface Mapper {
  protocolMapper: string;
  config: Record<string, string>;
}
const realm = JSON.parse(readFileSync('keycloak/realm-hydraulik.json', 'utf8'));

describe('keycloak/realm-hydraulik.json matches what the app and server expect', () => {
  const defaults = loadConfig({ DATA_DIR: '/tmp/unused' });

  it('names the realm and the public PKCE client the app uses', () => {
    expect(realm.realm).toBe(defaults.auth.realm);
    const client = realm.clients.find(
      (c: { clientId: string }) => c.clientId === defaults.auth.clientId,
    );
    expect(client).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      redirectUris: ['http://localhost:8080/auth/login'],
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    const mappers: Mapper[] = client.protocolMappers;
    const customer = mappers.find((m) => m.protocolMapper === 'oidc-usermodel-attribute-mapper');
    expect(customer?.config).toMatchObject({
      'claim.name': 'customer_id',
      'access.token.claim': 'true',
    });
    const audience = mappers.find((m) => m.protocolMapper === 'oidc-audience-mapper');
    expect(audience?.config['included.custom.audience']).toBe(defaults.auth.audience);
  });

  it('defines every role of docs/operations.md and the demo users with their roles', () => {
    const names = realm.roles.realm.map((r: { name: string }) => r.name);
    for (const role of ROLES) expect(names).toContain(role);
    for (const u of DEMO_USERS) {
      const ku = realm.users.find((x: { username: string }) => x.username === u.username);
      expect(ku, u.username).toBeDefined();
      expect([...ku.realmRoles].sort()).toEqual(['default-roles-hydraulik', ...u.roles].sort());
      expect(ku.attributes?.customer_id?.[0] ?? null).toBe(u.customerId);
    }
  });
});
