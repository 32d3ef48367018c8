/** Every migration, by name. Names start with their creation epoch so they sort in order. */
import type { Migration } from 'kysely/migration';
import * as m1 from './1795000000000-users-and-identity';
import * as m2 from './1795000100000-entities';
import * as m3 from './1795000200000-files-and-idempotency';
import * as m4 from './1795000300000-sync';
import * as m5 from './1795000400000-machine-photo';
import * as m6 from './1795000500000-report-locale';
import * as m7 from './1795000600000-report-photos';
import * as m8 from './1795000700000-user-lock';
import * as m9 from './1795000800000-one-cart';
import * as mProductArticle from './1795000810000-product-article-number';
import * as m85 from './1795000850000-idempotency-request-hash';
import * as m10 from './1795000900000-order-comment';
import * as m11 from './1795000950000-settings-intervals';
import * as m12 from './1795001000000-answer-scope-index';
import * as m13 from './1795001100000-audit-approval';
import * as mCalendar from './1795001400000-calendar-feed-token';
import * as mChangeLog from './1795001500000-change-log';
import * as mUnbound from './1795001600000-unbound-uploads';
import * as mAuditRecord from './1795001700000-audit-record';
import * as mOccasion from './1795001800000-audit-occasion-reasons';
import * as mCompetentPerson from './1795001900000-competent-person-record';
import * as mOrderEvent from './1795002000000-order-event';
import * as mHoseLife from './1795002300000-hose-life';
import * as mRateLimit from './1795002500000-rate-limit';
import * as mSyncDevice from './1795002600000-sync-device';
import * as mPipeMarking from './1795002700000-pipe-marking';
import * as mDayPlan from './1795002410000-day-plan';
import * as mBlobStore from './1795003200000-blob-store';
import * as mApprovedReportBlobs from './1795003500000-approved-report-blobs';

export const migrations: Record<string, Migration> = {
  '1795000000000-users-and-identity': m1,
  '1795000100000-entities': m2,
  '1795000200000-files-and-idempotency': m3,
  '1795000300000-sync': m4,
  '1795000400000-machine-photo': m5,
  '1795000500000-report-locale': m6,
  '1795000600000-report-photos': m7,
  '1795000700000-user-lock': m8,
  '1795000800000-one-cart': m9,
  '1795000810000-product-article-number': mProductArticle,
  '1795000850000-idempotency-request-hash': m85,
  '1795000900000-order-comment': m10,
  '1795000950000-settings-intervals': m11,
  '1795001000000-answer-scope-index': m12,
  '1795001100000-audit-approval': m13,
  '1795001400000-calendar-feed-token': mCalendar,
  '1795001500000-change-log': mChangeLog,
  '1795001600000-unbound-uploads': mUnbound,
  '1795001700000-audit-record': mAuditRecord,
  '1795001800000-audit-occasion-reasons': mOccasion,
  '1795001900000-competent-person-record': mCompetentPerson,
  '1795002000000-order-event': mOrderEvent,
  '1795002300000-hose-life': mHoseLife,
  '1795002500000-rate-limit': mRateLimit,
  '1795002600000-sync-device': mSyncDevice,
  '1795002700000-pipe-marking': mPipeMarking,
  '1795002410000-day-plan': mDayPlan,
  '1795003200000-blob-store': mBlobStore,
  '1795003500000-approved-report-blobs': mApprovedReportBlobs,
};
