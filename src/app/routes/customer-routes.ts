/**
 * /customer and its children (docs/architecture.md). The redirects (/customer → selected customer, customer
 * users → their own customer) are decided by the guard, see guards.ts.
 */
import type { RouteObject } from 'react-router';
import { machineRoutes } from './machine-routes';
import { fromModule, group, indexScreen, screen } from './route-builders';

const customers = () => import('@features/customers/customers-screens');
const machines = () => import('@features/machines/machines-screens');
const hoses = () => import('@features/hoses/hoses-screens');
const orders = () => import('@features/orders/orders-screens');
const shop = () => import('@features/shop/shop-screens');

export const customerRoutes: RouteObject = group('customer', undefined, [
  indexScreen(
    { title: 'routes:customers', permission: 'ui-admininstrator' },
    fromModule(customers, 'CustomerListScreen'),
  ),
  screen(
    'create',
    { title: 'routes:customerCreate', permission: 'can-edit' },
    fromModule(customers, 'CustomerCreateScreen'),
  ),
  screen(
    'select',
    { title: 'routes:customerSelect' },
    fromModule(customers, 'CustomerSelectScreen'),
  ),
  group(':customerId', undefined, [
    indexScreen({ title: 'routes:customer' }, fromModule(customers, 'CustomerDashboardScreen')),
    screen(
      'edit',
      { title: 'routes:customerEdit', permission: 'can-edit' },
      fromModule(customers, 'CustomerEditScreen'),
    ),
    screen('cart', { title: 'routes:customerCart' }, fromModule(shop, 'CustomerCartScreen')),
    screen('pipes', { title: 'routes:customerPipes' }, fromModule(hoses, 'CustomerPipesScreen')),
    screen('orders', { title: 'routes:customerOrders' }, fromModule(orders, 'OrdersScreen')),
    screen(
      'orders/complete',
      { title: 'routes:customerOrdersComplete' },
      fromModule(orders, 'CompleteOrdersScreen'),
    ),
    group('machine', undefined, [
      indexScreen({ title: 'routes:machines' }, fromModule(machines, 'MachineListScreen')),
      screen(
        'create',
        { title: 'routes:machineCreate', permission: 'can-edit' },
        fromModule(machines, 'MachineCreateScreen'),
      ),
      machineRoutes,
    ]),
  ]),
]);
