/** Every migration, by name. Names start with their creation epoch so they sort in order. */
import type { Migration } from 'kysely/migration';
import * as m1 from './1795000000000-users-and-identity';

export const migrations: Record<string, Migration> = {
  '1795000000000-users-and-identity': m1,
};
