/**
 * The users area talks to `/api/cms/profile` online (profiles are not synced: an account
 * change must reach the server at once, and a device should not hold every user's data).
 */
import {
  profileListSchema,
  profileViewSchema,
  type ProfileList,
  type ProfileView,
} from '@domain/schemas/admin';
import { api } from '@lib/api/api';

const BASE = '/api/cms/profile';

/** `deactivated`: list deactivated users too. */
export async function fetchProfiles(
  search: string,
  signal?: AbortSignal,
  deactivated = false,
): Promise<ProfileList> {
  const query = new URLSearchParams({ page: '1', limit: '-1' });
  if (search.trim()) query.set('search', search.trim());
  if (deactivated) query.set('deactivated', '1');
  const data = await api.get(`${BASE}?${query}`, { signal });
  return profileListSchema.parse(data);
}

/** The signed-in user's own profile (and who manages accounts). */
export async function fetchOwnProfile(signal?: AbortSignal): Promise<ProfileList> {
  const data = await api.get(`${BASE}?self=1`, { signal });
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
  const data = await api.post(BASE, user);
  return profileViewSchema.parse(data);
}

/** `PUT /profile` with the fields to change (`id` omitted: one's own profile). */
export async function changeUser(changes: Record<string, unknown>): Promise<ProfileView> {
  const data = await api.put(BASE, changes);
  return profileViewSchema.parse(data);
}

export async function deleteUser(id: string): Promise<void> {
  await api.delete(`${BASE}/${encodeURIComponent(id)}`);
}

/** Brings a deactivated user back; they can sign in again with their old password. */
export async function reactivateUser(id: string): Promise<ProfileView> {
  const data = await api.post(`${BASE}/${encodeURIComponent(id)}/reactivate`, {});
  return profileViewSchema.parse(data);
}
