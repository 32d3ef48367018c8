/**
 * docs/api.md /profile: listing, creating and changing user accounts. Admins (has-admin-permission)
 * manage everyone: roles, customer link, lock, one-time passwords. Every user may read their
 * own profile and change their names, e-mail, locale and — knowing the current one — their
 * password. Answers never carry the password hash.
 */
import { z } from 'zod';
import type { Kysely, Updateable } from 'kysely';
import { accessIssue, hasPermission } from '@domain/rules/permissions';
import {
  PASSWORD_MIN_LENGTH,
  profileCreateSchema,
  profileUpdateSchema,
  usernameSchema,
  type ProfileView,
} from '@domain/schemas/admin';
import { uuidv7 } from '@domain/ids';
import type { Database, UsersTable } from '@server/db/schema';
import { HttpError, parseOr400 } from '@server/plugins/errors';
import type { AuthUser } from '@server/plugins/auth';
import { hashPassword, verifyPassword } from '../users/password';
import { findUserById, parseRoles } from '../users/users.repository';
import {
  customerExists,
  findUsersByNameOrId,
  deactivateProfile,
  reactivateProfile,
  insertProfile,
  updateProfile,
  type UserRow,
} from './profile.repository';

const passwordField = z
  .string({ error: 'validation:required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation:min' })
  .max(200, { error: 'validation:maxLength' });
const createInput = profileCreateSchema.extend({
  username: usernameSchema,
  password: passwordField,
});
const updateInput = profileUpdateSchema.extend({
  username: usernameSchema.optional(),
  id: z.uuid({ error: 'validation:format' }).optional(),
  password: passwordField.optional(),
  /** Needed when users change their own password. */
  currentPassword: z.string().max(200).optional(),
  locked: z.boolean().optional(),
});
/** What a user may change on their own profile. */
const SELF_FIELDS = new Set([
  'id',
  'firstName',
  'lastName',
  'email',
  'locale',
  'password',
  'currentPassword',
]);

/** The competent person's profile (docs/dguv-record.md): kept by administrators only. */
const COMPETENT_PERSON_FIELDS = new Set(['qualification', 'training', 'lastRefresher']);

export function profileView(u: UserRow): ProfileView {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    roles: parseRoles(u),
    customerId: u.customerId,
    locale: (u.locale ?? 'de') as ProfileView['locale'],
    qualification: u.qualification ?? null,
    training: u.training ?? null,
    lastRefresher: u.lastRefresher ?? null,
    version: u.version,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    deletedAt: u.deletedAt,
    companyId: null,
    locked: u.lockedAt !== null,
    mustChangePassword: u.mustChangePassword === 1,
  };
}

export const isAdmin = (user: AuthUser) => hasPermission(user, 'has-admin-permission');

/** docs/api.md bodies may come bare or wrapped as `{data}` like the CMS calls. */
function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body) {
    const data = (body as { data: unknown }).data;
    if (data && typeof data === 'object') return data;
  }
  return body ?? {};
}

const duplicate = (field: string) =>
  new HttpError(409, 'duplicate', `${field} already exists`, field);

/** A customer link must name an existing customer (a typo would hide every row from the user). */
async function assertCustomer(db: Kysely<Database>, customerId: string | null): Promise<void> {
  if (customerId !== null && !(await customerExists(db, customerId))) {
    throw new HttpError(400, 'customer_unknown', 'admin:customerUnknown', 'customerId');
  }
}

/** Roles or a customer link must be chosen: a bare account would edit every customer. */
function assertAccessChosen(roles: readonly string[], customerId: string | null): void {
  const issue = accessIssue({ roles, customerId });
  if (issue) throw new HttpError(400, 'roles_required', issue, 'roles');
}

/** The password given on create is a one-time password: the user picks their own at sign-in. */
export async function createProfile(db: Kysely<Database>, body: unknown): Promise<ProfileView> {
  const input = parseOr400(createInput, unwrap(body));
  assertAccessChosen(input.roles, input.customerId);
  await assertCustomer(db, input.customerId);
  const id = input.id ?? uuidv7();
  const username = input.username.toLowerCase();
  const clashes = await findUsersByNameOrId(db, username, id);
  if (clashes.some((c) => c.username === username)) throw duplicate('username');
  if (clashes.length > 0) throw duplicate('id');
  await insertProfile(db, {
    id,
    username,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    email: input.email,
    roles: JSON.stringify(input.roles),
    customerId: input.customerId,
    locale: input.locale,
    qualification: input.qualification,
    training: input.training,
    lastRefresher: input.lastRefresher,
    mustChangePassword: 1,
  });
  const row = await findUserById(db, id);
  if (!row) throw new Error(`user ${id} vanished after insert`);
  return profileView(row);
}

export async function changeProfile(
  db: Kysely<Database>,
  user: AuthUser,
  body: unknown,
  embedded = true,
): Promise<ProfileView> {
  const input = parseOr400(updateInput, unwrap(body));
  const id = input.id ?? user.id;
  const admin = isAdmin(user);
  if (!admin && id !== user.id) throw new HttpError(403, 'forbidden', 'not allowed');
  const self = id === user.id;
  // The competent person's profile is ours, whoever manages the accounts.
  const accountChange = Object.keys(input).some(
    (k) => k !== 'id' && !COMPETENT_PERSON_FIELDS.has(k),
  );
  if (!embedded && ((!self && accountChange) || input.password !== undefined))
    throw managedElsewhere();
  const current = await findUserById(db, id);
  if (!current) throw new HttpError(404, 'not_found', 'profile not found');
  if (!admin) {
    const unchanged = profileView(current);
    for (const [key, value] of Object.entries(input)) {
      const before = key in unchanged ? unchanged[key as keyof ProfileView] : undefined;
      const same = JSON.stringify(value) === JSON.stringify(before);
      if (!SELF_FIELDS.has(key) && value !== undefined && !same) {
        throw new HttpError(403, 'forbidden', `only an administrator may change ${key}`, key);
      }
    }
  }
  const patch: Updateable<UsersTable> = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName ?? '';
  if (input.lastName !== undefined) patch.lastName = input.lastName ?? '';
  if (input.email !== undefined) patch.email = input.email;
  if (input.locale !== undefined) patch.locale = input.locale;
  if (admin) {
    if (input.username !== undefined && input.username.toLowerCase() !== current.username) {
      const username = input.username.toLowerCase();
      const clashes = await findUsersByNameOrId(db, username, id);
      if (clashes.some((c) => c.id !== id)) throw duplicate('username');
      patch.username = username;
    }
    if (input.roles !== undefined || input.customerId !== undefined) {
      assertAccessChosen(
        input.roles ?? parseRoles(current),
        input.customerId !== undefined ? input.customerId : current.customerId,
      );
    }
    if (input.roles !== undefined) patch.roles = JSON.stringify(input.roles);
    if (input.customerId !== undefined && input.customerId !== current.customerId) {
      await assertCustomer(db, input.customerId);
      patch.customerId = input.customerId;
    }
    if (input.qualification !== undefined) patch.qualification = input.qualification;
    if (input.training !== undefined) patch.training = input.training;
    if (input.lastRefresher !== undefined) patch.lastRefresher = input.lastRefresher;
    if (input.locked !== undefined && input.locked !== (current.lockedAt !== null)) {
      if (self) throw new HttpError(409, 'self_lock', 'admin:selfLock', 'locked');
      patch.lockedAt = input.locked ? new Date().toISOString() : null;
    }
  }
  if (input.password !== undefined) {
    Object.assign(patch, await passwordPatch(current, input, self));
  }
  await updateProfile(db, id, patch);
  const row = await findUserById(db, id);
  if (!row) throw new HttpError(404, 'not_found', 'profile not found');
  return profileView(row);
}

export const managedElsewhere = () =>
  new HttpError(409, 'managed_by_identity_provider', 'users are managed in the identity provider');

/**
 * Own password: the current one must be right, and the new one is final. Another user's
 * (admins only, checked above): a one-time password they must change at the next sign-in.
 */
async function passwordPatch(
  current: UserRow,
  input: { password?: string; currentPassword?: string },
  self: boolean,
): Promise<Updateable<UsersTable>> {
  const password = input.password ?? '';
  if (!self) return { passwordHash: await hashPassword(password), mustChangePassword: 1 };
  if (!(await verifyPassword(input.currentPassword ?? '', current.passwordHash))) {
    throw new HttpError(400, 'password_wrong', 'admin:currentPasswordWrong', 'currentPassword');
  }
  if (password === input.currentPassword) {
    throw new HttpError(400, 'password_unchanged', 'admin:passwordUnchanged', 'password');
  }
  return { passwordHash: await hashPassword(password), mustChangePassword: 0 };
}

/** Deactivates another user (admins only; never oneself, the last way back in). */
export async function deleteProfile(db: Kysely<Database>, user: AuthUser, id: string) {
  if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'not allowed');
  if (id === user.id) throw new HttpError(409, 'self_delete', 'admin:selfDelete');
  if (!(await findUserById(db, id))) throw new HttpError(404, 'not_found', 'profile not found');
  await deactivateProfile(db, id);
}

/** Reactivates a deactivated user (admins only); their username, roles and data are as before. */
export async function reactivateUser(db: Kysely<Database>, user: AuthUser, id: string) {
  if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'not allowed');
  if (!(await reactivateProfile(db, id))) {
    throw new HttpError(404, 'not_found', 'no deactivated profile with this id');
  }
  const row = await findUserById(db, id);
  if (!row) throw new HttpError(404, 'not_found', 'profile not found');
  return profileView(row);
}
