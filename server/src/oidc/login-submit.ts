/**
 * What a POST to the login page means, apart from rendering:
 * - the per-address limit of failed sign-ins comes first (password spraying), then the
 *   per-user one;
 * - a locked or deleted user is refused with the same words as a wrong password (no account
 *   enumeration), after the same password check (same timing);
 * - a correct one-time password (`mustChangePassword`) does not sign in yet: the interaction
 *   remembers the account, and only the second step with a new password (twice, 8–200
 *   characters, not the one-time password itself) stores its hash, clears the flag and signs in.
 */
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { Database } from '../db/schema';
import { findUserById, findUserByUsername } from '../modules/users/users.repository';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../modules/users/password';
import { interpolate, type LoginTexts } from './login-i18n';
import type { AddressThrottle, LoginThrottle } from './login-throttle';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface LoginBody {
  username?: unknown;
  password?: unknown;
  'password-new'?: unknown;
  'password-confirm'?: unknown;
}

export type SubmitOutcome =
  | { kind: 'finish'; accountId: string }
  | { kind: 'login'; username: string; error: string; status?: number; retryAfter?: number }
  | { kind: 'change'; username: string; error: string | null };

export interface SubmitDeps {
  db: Kysely<Database>;
  users: LoginThrottle;
  addresses: AddressThrottle;
  /** The wait of every sign-in from a busy address (default BUSY_ADDRESS_DELAY_MS). */
  busyAddressDelayMs?: number;
}

/** How long each sign-in from an address past its failure limit is held before it is checked. */
export const BUSY_ADDRESS_DELAY_MS = 2_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a correct one-time password keeps the new-password step open. */
const CHANGE_WINDOW_MS = 10 * 60_000;
const PENDING = 'passwordChange';

interface Pending {
  accountId: string;
  username: string;
  at: number;
}

function pendingOf(interaction: Interaction): Pending | null {
  const p = interaction.lastSubmission?.[PENDING] as Partial<Pending> | undefined;
  if (!p || typeof p.accountId !== 'string' || typeof p.at !== 'number') return null;
  if (Date.now() - p.at > CHANGE_WINDOW_MS) return null;
  return { accountId: p.accountId, username: String(p.username ?? ''), at: p.at };
}

async function remember(interaction: Interaction, pending: Pending | null): Promise<void> {
  interaction.lastSubmission = { ...interaction.lastSubmission, [PENDING]: pending ?? undefined };
  await interaction.persist();
}

export async function submitLogin(
  deps: SubmitDeps,
  interaction: Interaction,
  address: string,
  t: LoginTexts,
  body: LoginBody,
): Promise<SubmitOutcome> {
  const username = String(body.username ?? '').trim();
  // A busy address (many failures: spraying, or a whole office behind one NAT) is slowed
  // down, never shut out: a correct password still signs in, a wrong one is answered 429.
  const addressWait = await deps.addresses.retryAfter(address);
  if (addressWait > 0) await delay(deps.busyAddressDelayMs ?? BUSY_ADDRESS_DELAY_MS);
  const refusedAddress = (): SubmitOutcome => ({
    kind: 'login',
    username,
    status: 429,
    retryAfter: addressWait,
    error: interpolate(t.tooManyFromAddress ?? '', { minutes: Math.ceil(addressWait / 60) }),
  });
  if (body['password-new'] !== undefined) {
    if (addressWait > 0) return refusedAddress();
    return changePassword(deps, interaction, t, body);
  }
  const password = String(body.password ?? '');
  if (!username || !password) return { kind: 'login', username, error: t.required ?? '' };
  // Failures count per username AND address: a stranger elsewhere cannot lock a user out.
  const key = username.toLowerCase();
  const pair = `${key}\n${address}`;
  const wait = await deps.users.retryAfter(pair);
  if (wait > 0) {
    return {
      kind: 'login',
      username,
      error: interpolate(t.tooManyAttempts ?? '', { seconds: wait }),
    };
  }
  const user = await findUserByUsername(deps.db, key);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok || user.lockedAt) {
    await deps.users.fail(pair);
    await deps.addresses.fail(address);
    if (addressWait > 0) return refusedAddress();
    return { kind: 'login', username, error: t.invalidCredentials ?? '' };
  }
  await deps.users.succeed(pair);
  if (user.mustChangePassword) {
    await remember(interaction, { accountId: user.id, username: user.username, at: Date.now() });
    return { kind: 'change', username: user.username, error: null };
  }
  return { kind: 'finish', accountId: user.id };
}

async function changePassword(
  deps: SubmitDeps,
  interaction: Interaction,
  t: LoginTexts,
  body: LoginBody,
): Promise<SubmitOutcome> {
  const pending = pendingOf(interaction);
  // No (or an expired) correct one-time password in this interaction: start over.
  if (!pending) return { kind: 'login', username: '', error: t.expired ?? '' };
  const next = String(body['password-new'] ?? '');
  const confirm = String(body['password-confirm'] ?? '');
  const problem =
    next.length < 8
      ? t.passwordTooShort
      : next.length > 200
        ? t.passwordTooLong
        : next !== confirm
          ? t.passwordMismatch
          : null;
  if (problem !== null) return { kind: 'change', username: pending.username, error: problem ?? '' };
  const user = await findUserById(deps.db, pending.accountId);
  // Locked or deleted meanwhile: the same answer as a wrong password.
  if (!user || user.lockedAt) {
    await remember(interaction, null);
    return { kind: 'login', username: pending.username, error: t.invalidCredentials ?? '' };
  }
  // The one-time password was known to whoever set it: it is no password of one's own.
  if (await verifyPassword(next, user.passwordHash)) {
    return { kind: 'change', username: pending.username, error: t.passwordSameAsOneTime ?? '' };
  }
  const passwordHash = await hashPassword(next);
  await deps.db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      mustChangePassword: 0,
      version: eb('version', '+', 1),
      updatedAt: new Date().toISOString(),
    }))
    .where('id', '=', user.id)
    .execute();
  await remember(interaction, null);
  return { kind: 'finish', accountId: user.id };
}
