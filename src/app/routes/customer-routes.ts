/**
 * /customer and its children (SPEC §2). The redirects (/customer → selected customer, customer
 * users → their own customer) are decided by the guard, see guards.ts.
 */
import type { RouteObject } from 'react-router';
import { machineRoutes } from './machine-routes';
import { group, indexScreen, screen } from './route-builders';

export const customerRoutes: RouteObject = group('customer', undefined, [
  indexScreen({ title: 'routes:customers', permission: 'ui-admininstrator' }),
  screen('create', { title: 'routes:customerCreate', permission: 'can-edit' }),
  screen('select', { title: 'routes:customerSelect' }),
  group(':customerId', undefined, [
    indexScreen({ title: 'routes:customer' }),
    screen('edit', { title: 'routes:customerEdit', permission: 'can-edit' }),
    screen('cart', { title: 'routes:customerCart' }),
    screen('pipes', { title: 'routes:customerPipes' }),
    screen('orders', { title: 'routes:customerOrders' }),
    screen('orders/complete', { title: 'routes:customerOrdersComplete' }),
    group('machine', undefined, [
      indexScreen({ title: 'routes:machines' }),
      screen('create', { title: 'routes:machineCreate', permission: 'can-edit' }),
      machineRoutes,
    ]),
  ]),
]);
