/** Permission checks for screens (docs/operations.md); the server enforces the same rules. */
import { hasPermission, type Permission } from '@domain/rules/permissions';
import { useAuthStore } from './auth-store';

/** True when the signed-in user has `permission` (false while loading or signed out). */
export function usePermission(permission: Permission): boolean {
  return useAuthStore((s) =>
    s.status === 'authenticated' ? hasPermission(s.user, permission) : false,
  );
}

/** docs/operations.md can-edit: staff may change data; customer users see everything read-only. */
export function useCanEdit(): boolean {
  return usePermission('can-edit');
}
