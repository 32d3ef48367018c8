/** Who is looking at an order, in the terms of rules/order-states. */
import type { OrderActor } from '@domain/rules/order-states';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import { useAuthStore } from '@lib/auth';

export function useOrderActor(): OrderActor {
  const user = useAuthStore((s) => s.user);
  const isCustomer = user !== null && isCustomerUser(user);
  return {
    isCustomer,
    canManageShop: !isCustomer && user !== null && hasPermission(user, 'admin-shop'),
  };
}
