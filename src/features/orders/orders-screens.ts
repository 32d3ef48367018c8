/** The orders feature's screens, loaded lazily by the route table. */
export { OrdersScreen, CompleteOrdersScreen } from './orders-screen';
export { OrderDetailScreen } from './order-detail-screen';
export { CheckoutScreen } from './checkout-screen';
