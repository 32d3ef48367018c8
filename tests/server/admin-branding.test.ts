/**
 * Per-customer branding (docs/architecture.md): administrators set a customer's colour and
 * favicon, staff read them, and the public config serves them to the app before sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server';
import { actor, STAFF_ALL, type Actor } from '../helpers/cms';
import { DEMO_CUSTOMER_ID } from '@server/modules/users/demo-users';

describe.each(testDatabases())('customer branding on $name', ({ env }) => {
  let s: TestServer;
  let admin: Actor;
  let tech: Actor;
  let customer: Actor;

  beforeAll(async () => {
    s = await startTestServer(env);
    admin = await actor(s, { roles: STAFF_ALL });
    tech = await actor(s, { roles: ['module-dguv'] });
    customer = await actor(s, { roles: ['admin'], customer: DEMO_CUSTOMER_ID });
  });
  afterAll(() => s.close());

  const url = `/api/admin/branding/${DEMO_CUSTOMER_ID}`;
  const call = (who: Actor, method: 'GET' | 'PUT', path: string, payload?: object) =>
    s.app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
  const publicBranding = async () =>
    (await s.app.inject({ url: `/api/public/config?customer=${DEMO_CUSTOMER_ID}` })).json()
      .customer;

  it('stores an admin’s colour and favicon and serves them publicly', async () => {
    expect((await call(tech, 'GET', url)).json()).toEqual({
      primaryColor: 'teal',
      faviconUrl: null,
    });
    const saved = await call(admin, 'PUT', url, {
      primaryColor: '#8a2be2',
      faviconUrl: 'https://cdn.example.com/kunde/favicon.png',
    });
    expect(saved.statusCode).toBe(200);
    expect(await publicBranding()).toMatchObject({
      customerId: DEMO_CUSTOMER_ID,
      primaryColor: '#8a2be2',
      faviconUrl: 'https://cdn.example.com/kunde/favicon.png',
    });
    // A palette name is kept in lower case, so the theme and the preview find it.
    const named = await call(admin, 'PUT', url, { primaryColor: ' Teal ', faviconUrl: null });
    expect(named.json()).toEqual({ primaryColor: 'teal', faviconUrl: null });
    expect(await publicBranding()).toMatchObject({ primaryColor: 'teal' });
    await call(admin, 'PUT', url, { primaryColor: null, faviconUrl: null });
    expect(await publicBranding()).toMatchObject({ primaryColor: null, faviconUrl: null });
  });

  it('refuses a bad colour or favicon, non-admins and unknown customers', async () => {
    for (const primaryColor of ['red; x', 'tealish', '#12345']) {
      const colour = await call(admin, 'PUT', url, { primaryColor, faviconUrl: null });
      expect(colour.json(), primaryColor).toMatchObject({ status: 400, field: 'primaryColor' });
    }
    const icon = await call(admin, 'PUT', url, {
      primaryColor: null,
      faviconUrl: 'javascript:alert(1).png',
    });
    expect(icon.json()).toMatchObject({ status: 400, field: 'faviconUrl' });
    const body = { primaryColor: '#000000', faviconUrl: null };
    expect((await call(tech, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(customer, 'PUT', url, body)).statusCode).toBe(403);
    expect((await call(customer, 'GET', url)).statusCode).toBe(403);
    const unknown = '/api/admin/branding/01936b2e-0000-7000-8000-0000000000ff';
    expect((await call(admin, 'PUT', unknown, body)).statusCode).toBe(404);
  });
});
