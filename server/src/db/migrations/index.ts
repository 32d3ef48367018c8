/** Every migration, by name. Names start with their creation epoch so they sort in order. */
import type { Migration } from 'kysely/migration';
import * as m1 from './1795000000000-users-and-identity';
import * as m2 from './1795000100000-entities';
import * as m3 from './1795000200000-files-and-idempotency';
import * as m4 from './1795000300000-sync';
import * as m5 from './1795000400000-machine-photo';
import * as m6 from './1795000500000-report-locale';
import * as m7 from './1795000600000-report-photos';

export const migrations: Record<string, Migration> = {
  '1795000000000-users-and-identity': m1,
  '1795000100000-entities': m2,
  '1795000200000-files-and-idempotency': m3,
  '1795000300000-sync': m4,
  '1795000400000-machine-photo': m5,
  '1795000500000-report-locale': m6,
  '1795000600000-report-photos': m7,
};
