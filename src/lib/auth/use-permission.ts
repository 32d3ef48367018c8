/** Permission checks for screens (SPEC §6); the server enforces the same rules. */
import { hasPermission, type Permission } from '../../domain/rules/permissions';
import { useAuthStore } from './auth-store';

/** True when the signed-in user has `permission` (false while loading or signed out). */
export function usePermission(permission: Permission): boolean {
  return useAuthStore((s) =>
    s.status === 'authenticated' ? hasPermission(s.user, permission) : false,
  );
}

/** SPEC §6 can-edit: staff may change data; customer users see everything read-only. */
export function useCanEdit(): boolean {
  return usePermission('can-edit');
}
