/**
 * The users area talks to `/api/cms/profile` online (profiles are not synced: an account
 * change must reach the server at once, and a device should not hold every user's data).
 */
import {
  profileListSchema,
  profileViewSchema,
  type ProfileList,
  type ProfileView,
} from '../../../domain/schemas/admin';
import { requestJson } from '../../../lib/api/http';
import { getAccessToken } from '../../../lib/auth';

const BASE = '/api/cms/profile';

export async function fetchProfiles(search: string, signal?: AbortSignal): Promise<ProfileList> {
  const query = new URLSearchParams({ page: '1', limit: '-1' });
  if (search.trim()) query.set('search', search.trim());
  const data = await requestJson<unknown>(`${BASE}?${query}`, { token: getAccessToken(), signal });
  return profileListSchema.parse(data);
}

/** The signed-in user's own profile (and who manages accounts). */
export async function fetchOwnProfile(signal?: AbortSignal): Promise<ProfileList> {
  const data = await requestJson<unknown>(`${BASE}?self=1`, { token: getAccessToken(), signal });
  return profileListSchema.parse(data);
}

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: string[];
  customerId: string | null;
  password: string;
}

export async function createUser(user: NewUser): Promise<ProfileView> {
  const data = await requestJson<unknown>(BASE, {
    method: 'POST',
    body: user,
    token: getAccessToken(),
  });
  return profileViewSchema.parse(data);
}

/** `PUT /profile` with the fields to change (`id` omitted: one's own profile). */
export async function changeUser(changes: Record<string, unknown>): Promise<ProfileView> {
  const data = await requestJson<unknown>(BASE, {
    method: 'PUT',
    body: changes,
    token: getAccessToken(),
  });
  return profileViewSchema.parse(data);
}

export async function deleteUser(id: string): Promise<void> {
  await requestJson<unknown>(`${BASE}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    token: getAccessToken(),
  });
}
