/**
 * The isomorphic domain layer (docs/architecture.md): zod schemas per entity and pure rules, shared
 * by the browser and the server. It imports nothing but zod, so either side can depend on it
 * without pulling in the other's world.
 *
 * The docs/api.md request contract (./contract) is imported from its own module: its
 * query-language names (orderSchema for sort order, filterSchema for query filters) would
 * clash with the order and filter entities exported here.
 */
export * from './messages';
export * from './entities';

export * from './schemas/base';
export * from './schemas/fields';
export * from './schemas/enums';
export * from './schemas/company';
export * from './schemas/admin';
export * from './schemas/machine';
export * from './schemas/parts';
export * from './schemas/pipe';
export * from './schemas/dguv-audit';
export * from './schemas/dguv-answer';
export * from './schemas/reports';
export * from './schemas/product';
export * from './schemas/order';
export * from './schemas/shop-requests';
export * from './schemas/session';
export * from './schemas/public-config';
export * from './schemas/api-error';

export * from './rules/permissions';
export * from './rules/dguv';
export * from './rules/intervals';
export * from './rules/service-life';
export * from './rules/hose-life';
export * from './rules/hose-code';
export * from './rules/order-states';
export * from './rules/prices';
export * from './rules/dates';
export * from './rules/locations';
