/** Rotating the embedded provider's signing key keeps every issued token valid. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server';
import { actor, STAFF_ALL } from '../helpers/cms';
import { login } from '../helpers/oidc-login';
import { rotateKeys } from '@server/oidc/rotate-keys';
import { ACCESS_TOKEN_TTL_S } from '@server/oidc/provider';

describe('signing key rotation', () => {
  it('signs with the new key after a restart, still accepts old tokens, drops old keys later', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-rotate-'));
    const first = await startTestServer({ DATA_DIR: dataDir });
    const before = await login(first.app, first.config, 'buero');
    const oldKid = decodeProtectedHeader(before.accessToken).kid;
    const rotated = await rotateKeys(first.db.kysely);
    expect(rotated.kept).toEqual([oldKid]);
    await first.app.close();

    const second = await startTestServer({ DATA_DIR: dataDir });
    try {
      const session = (token: string) =>
        second.app.inject({
          url: '/api/auth/session',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await session(before.accessToken)).statusCode).toBe(200);
      const after = await login(second.app, second.config, 'buero');
      expect(decodeProtectedHeader(after.accessToken).kid).toBe(rotated.signingKid);
      expect((await session(after.accessToken)).statusCode).toBe(200);
      const certs = await second.app.inject({
        url: `/realms/${second.config.auth.realm}/protocol/openid-connect/certs`,
      });
      const kids = certs.json<{ keys: { kid: string; d?: string }[] }>().keys.map((k) => k.kid);
      expect(kids).toEqual([rotated.signingKid, oldKid]);
      expect(certs.body).not.toContain('"d"');
      // The next rotation after every old token expired drops the retired key.
      const later = await rotateKeys(
        second.db.kysely,
        Date.now() + (ACCESS_TOKEN_TTL_S + 7200) * 1000,
      );
      expect(later.dropped).toEqual([oldKid]);
      expect(later.kept).toEqual([rotated.signingKid]);
      expect((await actor(second, { roles: STAFF_ALL })).token).toBeTruthy();
    } finally {
      await second.close();
    }
  });
});
