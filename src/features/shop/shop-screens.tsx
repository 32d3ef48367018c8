/** The shop's screens (loaded lazily by the routes). */
export { CustomerCartScreen } from './cart-screen';
export { ConfiguratorScreen } from './configurator-screen';
