/** The route table of docs/architecture.md below the root shell. */
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteErrorPage } from '../pages/route-error-page';
import { customerRoutes } from './customer-routes';
import {
  fromModule,
  group,
  indexRedirect,
  indexScreen,
  screen,
  type LazyScreen,
} from './route-builders';

const dashboard: LazyScreen = () =>
  import('../screens/dashboard-screen').then((m) => ({ Component: m.DashboardScreen }));
const workList: LazyScreen = () =>
  import('../screens/dashboard-screen').then((m) => ({ Component: m.WorkListScreen }));
const loginPage: LazyScreen = () =>
  import('@features/auth/login-page').then((m) => ({ Component: m.LoginPage }));
const logoutPage: LazyScreen = () =>
  import('@features/auth/logout-page').then((m) => ({ Component: m.LogoutPage }));
const cart: LazyScreen = () =>
  import('../screens/cart-screen').then((m) => ({ Component: m.CartScreen }));
const syncIssues: LazyScreen = () =>
  import('@features/sync-status/sync-issues-page').then((m) => ({
    Component: m.SyncIssuesPage,
  }));
const devices: LazyScreen = () =>
  import('@features/sync-status/devices-screen').then((m) => ({ Component: m.DevicesScreen }));
const dguv = () => import('@features/dguv/dguv-screens');
const admin = () => import('@features/admin/admin-screens');
const settings = () => import('@features/settings/settings-screens');
const orders = () => import('@features/orders/orders-screens');
const productList: LazyScreen = () =>
  import('@features/admin/products/product-list-screen').then((m) => ({
    Component: m.ProductListScreen,
  }));
const cheatsheet: LazyScreen = () =>
  import('@features/cheatsheet/cheatsheet-screen').then((m) => ({
    Component: m.CheatsheetScreen,
  }));
const shop = () => import('@features/shop/shop-screens');
const dayPlan = () => import('@features/day-plan/day-plan-screens');
const verifyPage: LazyScreen = () =>
  import('@features/verify/verify-page').then((m) => ({ Component: m.VerifyPage }));
/** A hose's link (its label's QR code) with the DGUV feature's running-audit check. */
const hoseLink: LazyScreen = () =>
  Promise.all([import('@features/scan/scan-screens'), import('@features/dguv/scan-check')]).then(
    ([scan, check]) => ({
      Component: () =>
        createElement(scan.HoseLinkScreen, { auditCheck: check.runningAuditCheckHref }),
    }),
  );
/** The running audit's dashboard with the scan button (features never import each other). */
const dguvAudit: LazyScreen = () =>
  Promise.all([dguv(), import('@features/scan/scan-button')]).then(([d, scan]) => ({
    Component: () => createElement(d.DguvAuditScreen, { scan: createElement(scan.ScanButton) }),
  }));

export const screenRoutes: RouteObject[] = [
  indexScreen({ title: 'routes:dashboard' }, dashboard),
  screen('work', { title: 'routes:workList' }, workList),
  group('auth', undefined, [
    screen('login', { title: 'routes:login', layout: 'empty', auth: 'guest-only' }, loginPage),
    screen('logout', { title: 'routes:logout', layout: 'empty', auth: 'public' }, logoutPage),
  ]),
  group('cart', undefined, [
    indexScreen({ title: 'routes:cart' }, cart),
    group('checkout', undefined, [
      // The guard sends /cart/checkout on to /cart (docs/architecture.md); the route says the same.
      indexRedirect({ title: 'routes:checkout' }, '/cart'),
      screen(
        ':orderId',
        { title: 'routes:checkout', layout: 'no-sidebar' },
        fromModule(orders, 'CheckoutScreen'),
      ),
    ]),
  ]),
  screen('sync-issues', { title: 'routes:syncIssues' }, syncIssues),
  screen(
    'devices',
    { title: 'routes:devices', permission: ['ui-admininstrator', 'has-admin-permission'] },
    devices,
  ),
  // Whoever holds an approved report verifies it without an account.
  screen(
    'verify/:number?',
    { title: 'routes:verify', layout: 'empty', auth: 'public' },
    verifyPage,
  ),
  screen('cheatsheet', { title: 'routes:cheatsheet' }, cheatsheet),
  // The office plans a technician's day; the technician works it offline (docs/architecture.md).
  group('day-plan', undefined, [
    indexScreen(
      { title: 'routes:dayPlan', permission: ['ui-admininstrator', 'has-admin-permission'] },
      fromModule(dayPlan, 'DayPlanScreen'),
    ),
    screen(
      'mine',
      { title: 'routes:myDay', permission: 'module-dguv' },
      fromModule(dayPlan, 'MyDayScreen'),
    ),
  ]),
  screen('h/:code', { title: 'routes:hoseLink' }, hoseLink),
  group('dguv', { title: 'routes:dguv', permission: 'module-dguv' }, [
    indexScreen({ title: 'routes:dguv' }, fromModule(dguv, 'DguvStartScreen')),
    group('audit', undefined, [
      indexScreen({ title: 'routes:dguvAudit' }, dguvAudit),
      screen('finish', { title: 'routes:dguvAuditFinish' }, fromModule(dguv, 'DguvFinishScreen')),
      screen(
        'check-pipe',
        { title: 'routes:dguvAuditCheckPipe' },
        fromModule(dguv, 'DguvCheckPipeScreen'),
      ),
    ]),
  ]),
  group('admin', { title: 'routes:admin', permission: ['has-admin-permission', 'admin-shop'] }, [
    indexScreen({ title: 'routes:admin' }, fromModule(admin, 'AdminHomeScreen')),
    screen(
      'user',
      { title: 'routes:adminUsers', permission: 'has-admin-permission' },
      fromModule(admin, 'UserListScreen'),
    ),
    screen(
      'manufacturer',
      { title: 'routes:adminManufacturers', permission: 'has-admin-permission' },
      fromModule(admin, 'ManufacturerListScreen'),
    ),
    screen(
      'shop/product-list',
      { title: 'routes:adminProducts', permission: 'admin-shop' },
      productList,
    ),
  ]),
  group('orders', undefined, [
    indexScreen({ title: 'routes:orders' }, fromModule(orders, 'OrdersScreen')),
    screen(
      'complete',
      { title: 'routes:ordersComplete' },
      fromModule(orders, 'CompleteOrdersScreen'),
    ),
    screen(':orderId', { title: 'routes:orders' }, fromModule(orders, 'OrderDetailScreen')),
  ]),
  customerRoutes,
  screen(
    'settings',
    { title: 'routes:settings', permission: 'can-edit' },
    fromModule(settings, 'SettingsScreen'),
  ),
  // Every signed-in user's own password (linked from the user's name in the header).
  screen('profile', { title: 'routes:password' }, fromModule(admin, 'PasswordScreen')),
  screen('configurator', { title: 'routes:configurator' }, fromModule(shop, 'ConfiguratorScreen')),
  // Not lazy: the error page shows it for 404 responses anyway.
  { path: '*', handle: { title: 'routes:notFound', auth: 'public' }, Component: NotFoundPage },
];

/** Errors inside a screen render within the layout; the root boundary catches the rest. */
export const screensBoundary: RouteObject = {
  id: 'screens',
  ErrorBoundary: RouteErrorPage,
  children: screenRoutes,
};
